import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { EntityAction, EntityProperty, EntityValues } from "../../../shared/entities/entity-schemas.ts";
import { users } from "./auth.ts";
import { applications } from "./applications.ts";
import { formSubmissions } from "./submissions.ts";

/** An application owner's list of things visited again (trees, households), shared by the owner's forms. */
export const entityLists = pgTable(
  "entity_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    properties: jsonb("properties").$type<EntityProperty[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("entity_lists_owner_name_unique").on(t.ownerId, sql`lower(${t.name})`)],
);

/**
 * One entity. The id is made by whoever creates it (the creating record's id on a phone), so a record resent after
 * a lost answer finds its entity already there. `version` counts the changes; `conflict` is raised when a change
 * was made from an older version than the current one and stays until an administrator resolves it.
 */
export const entities = pgTable(
  "entities",
  {
    id: uuid("id").primaryKey(),
    listId: uuid("list_id")
      .notNull()
      .references(() => entityLists.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    properties: jsonb("properties").$type<EntityValues>().notNull().default({}),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    version: integer("version").notNull().default(1),
    conflict: boolean("conflict").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("entities_list_idx").on(t.listId, t.label, t.id)],
);

/**
 * Every version an entity went through, in the order the server received the changes: who made it (a record, an
 * upload, the API or a resolution), the version it was made from, what it changed and the entity after it.
 */
export const entityVersions = pgTable(
  "entity_versions",
  {
    entityId: uuid("entity_id")
      .notNull()
      .references(() => entities.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    baseVersion: integer("base_version"),
    source: text("source", { enum: ["record", "upload", "api", "resolution"] }).notNull(),
    submissionId: uuid("submission_id").references(() => formSubmissions.id, { onDelete: "set null" }),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The properties (and label) this version set. */
    changes: jsonb("changes").$type<EntityValues>().notNull(),
    label: text("label").notNull(),
    properties: jsonb("properties").$type<EntityValues>().notNull(),
    conflict: boolean("conflict").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.version] }), index("entity_versions_submission_idx").on(t.submissionId)],
);

/** What a form does with an entity list (shared/entities/entity-schemas.ts `EntityAction`); one per application. */
export const applicationEntityActions = pgTable("application_entity_actions", {
  applicationId: uuid("application_id")
    .primaryKey()
    .references(() => applications.id, { onDelete: "cascade" }),
  listId: uuid("list_id")
    .notNull()
    .references(() => entityLists.id, { onDelete: "cascade" }),
  action: jsonb("action").$type<EntityAction>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
