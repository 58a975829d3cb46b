import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { applications } from "./applications.ts";
import { users } from "./auth.ts";

/**
 * Base map areas an application's administrators define for its team: the collectors' phones offer them on
 * 'Mapas offline' and download their tiles (the tiles never pass through Campo's database).
 */
export const offlineAreas = pgTable(
  "offline_areas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    west: doublePrecision("west").notNull(),
    south: doublePrecision("south").notNull(),
    east: doublePrecision("east").notNull(),
    north: doublePrecision("north").notNull(),
    minZoom: integer("min_zoom").notNull(),
    maxZoom: integer("max_zoom").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offline_areas_application_idx").on(t.applicationId, t.createdAt)],
);
