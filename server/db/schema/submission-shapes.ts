import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { formSubmissions } from "./submissions.ts";

/**
 * The line and area answers of each record (top level or inside repeats), with their bounds and their size on a Web
 * Mercator map, so that the data map's view finds the shapes it draws by comparing numbers instead of walking every
 * record's answers. Derived data: a trigger on form_submissions (migration 0016) rewrites a record's rows whenever its
 * answers are written, so nothing else inserts here.
 */
export const submissionShapes = pgTable(
  "submission_shapes",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    /** The record's application (records never move), so a view reads one application's shapes by index. */
    applicationId: uuid("application_id").notNull(),
    /** The shape's rank in the record: form order of its field, then entry order inside repeats. */
    ordinal: integer("ordinal").notNull(),
    fieldId: text("field_id").notNull(),
    geometry: jsonb("geometry").notNull(),
    west: doublePrecision("west").notNull(),
    south: doublePrecision("south").notNull(),
    east: doublePrecision("east").notNull(),
    north: doublePrecision("north").notNull(),
    /** The larger of its width and its Web Mercator height, in degrees of longitude: its size on screen at any zoom. */
    size: doublePrecision("size").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.ordinal] }),
    index("submission_shapes_application_size_idx").on(t.applicationId, t.size),
  ],
);
