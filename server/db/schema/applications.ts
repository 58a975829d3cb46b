import type { FieldCategory, FieldType } from "../../../shared/fields/field-types.ts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    visibility: text("visibility", { enum: ["team", "specific"] })
      .notNull()
      .default("team"),
    active: boolean("active").notNull().default(true),
    /** The form's current version; saving a form that has records makes a new one (snapshot in form_versions). */
    formVersion: integer("form_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("applications_owner_name_unique").on(t.ownerId, sql`lower(${t.name})`),
    index("applications_owner_idx").on(t.ownerId, t.createdAt),
  ],
);

/** A removed field keeps its row (deleted_at set) so answers already stored stay readable. */
export const formFields = pgTable(
  "form_fields",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    fieldType: text("field_type").$type<FieldType>().notNull(),
    label: text("label").notNull(),
    /** The field's key in expressions (`${name}`) and XLSForm; unique among the live fields of a form. */
    name: text("name").notNull(),
    /** Name of the section or repeat group holding this field; null at the top level. */
    parentName: text("parent_name"),
    position: integer("position").notNull(),
    category: text("category").$type<FieldCategory>().notNull().default("basic"),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("form_fields_application_idx").on(t.applicationId, t.position)],
);

/**
 * The fields of one version of a form, as the API sent them (live fields only). A record keeps the version it was
 * collected with and is validated and shown against it; a version is written each time a form that has records is
 * saved, and for version 1 lazily when first needed.
 */
export const formVersions = pgTable(
  "form_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>[]>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("form_versions_application_version_unique").on(t.applicationId, t.version)],
);
