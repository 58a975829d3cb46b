import type { FormFileKind } from "../../../shared/form-files/form-files.ts";
import type { FormTableData } from "../../../shared/expressions/form-table.ts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { applications } from "./applications.ts";
import { users } from "./auth.ts";

/**
 * Files attached to a form (CSV/GeoJSON tables, choice images). A row is never changed once written, only closed:
 * it serves the form versions from `from_version` up to, not including, `to_version` (null: still current), so a
 * record collected with an older version is validated against the files of that version. The bytes live in storage
 * (`storage_key`); a table's parsed rows are kept here too, so sync validation never re-reads or re-parses the file.
 */
export const formFiles = pgTable(
  "form_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<FormFileKind>().notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    sha256: text("sha256").notNull(),
    bytes: integer("bytes").notNull(),
    rowCount: integer("row_count"),
    columns: jsonb("columns").$type<string[]>(),
    tableData: jsonb("table_data").$type<FormTableData>(),
    fromVersion: integer("from_version").notNull(),
    toVersion: integer("to_version"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("form_files_application_idx").on(t.applicationId, t.fromVersion),
    uniqueIndex("form_files_current_name_unique")
      .on(t.applicationId, sql`lower(${t.name})`)
      .where(sql`${t.toVersion} is null`),
  ],
);
