import { index, integer, jsonb, pgTable, text, timestamp, uuid, doublePrecision } from "drizzle-orm/pg-core";
import { applications } from "./applications.ts";
import { users } from "./auth.ts";
import type { LayerFeatureCollection, TeamLayerFormat } from "../../../shared/map/team-layer.ts";

/**
 * GeoJSON or KML layers an application's administrators upload for its team (plots, routes, areas of work), kept as
 * the plain features the server read from the file (the file itself is not kept). The features never change: a new
 * file is a new layer; only the name and colour are edited.
 */
export const teamLayers = pgTable(
  "team_layers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    format: text("format").$type<TeamLayerFormat>().notNull(),
    features: jsonb("features").$type<LayerFeatureCollection>().notNull(),
    featureCount: integer("feature_count").notNull(),
    vertexCount: integer("vertex_count").notNull(),
    west: doublePrecision("west").notNull(),
    south: doublePrecision("south").notNull(),
    east: doublePrecision("east").notNull(),
    north: doublePrecision("north").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_layers_application_idx").on(t.applicationId, t.createdAt)],
);
