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
    position: integer("position").notNull(),
    category: text("category").$type<FieldCategory>().notNull().default("basic"),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("form_fields_application_idx").on(t.applicationId, t.position)],
);
