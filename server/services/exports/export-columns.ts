import type { ExportRow } from "../../db/queries/records.ts";
import { isoFromTimestampText } from "../../db/timestamp-text.ts";
import { translate } from "../../lib/translate.ts";
import {
  exportValue,
  type ExportContext,
  type ExportValue,
  type RecordField,
} from "../../../shared/records/answer-format.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

/** A cell. In `instant` columns it is the ISO 8601 UTC text: text formats write it as it is, Excel a date-time cell. */
export type ColumnValue = ExportValue;

export interface ExportColumn {
  header: string;
  kind: "text" | "number" | "date" | "instant";
  value(row: ExportRow): ColumnValue;
}

/** Headers must be unique (GeoJSON keys, KML Data names): repeated labels get " (2)", " (3)"… */
function withUniqueHeaders(columns: ExportColumn[]): ExportColumn[] {
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const count = (seen.get(column.header) ?? 0) + 1;
    seen.set(column.header, count);
    return count === 1 ? column : { ...column, header: `${column.header} (${count})` };
  });
}

function fieldKind(fieldType: string): ExportColumn["kind"] {
  if (fieldType === "number") return "number";
  if (fieldType === "date") return "date";
  return "text";
}

/**
 * The export's columns, in order: record id, created and updated instants, submitter name and e-mail, the record's
 * location, its review state (in the export's language), one column per live field (labelled by the field label), then one per removed field that still holds
 * answers, labelled "<label> (campo removido)" — at the end, so the live form's columns keep their positions.
 * Rows carry the answers of `fields` in the same order (recordPages).
 */
export function exportColumns(fields: RecordField[], language: Language, context: ExportContext): ExportColumn[] {
  const t = (key: string, params?: Record<string, string>) => translate(language, `data:export.columns.${key}`, params);
  const fixed: ExportColumn[] = [
    { header: t("id"), kind: "text", value: (row) => row.id },
    { header: t("createdAt"), kind: "instant", value: (row) => isoFromTimestampText(row.createdText) },
    { header: t("updatedAt"), kind: "instant", value: (row) => isoFromTimestampText(row.updatedText) },
    { header: t("submitterName"), kind: "text", value: (row) => row.submitterName },
    { header: t("submitterEmail"), kind: "text", value: (row) => row.submitterEmail },
    { header: t("latitude"), kind: "number", value: (row) => row.latitude },
    { header: t("longitude"), kind: "number", value: (row) => row.longitude },
    { header: t("accuracy"), kind: "number", value: (row) => row.locationAccuracy },
    {
      header: translate(language, "review:exportColumn"),
      kind: "text",
      value: (row) => translate(language, `review:states.${row.reviewState}`),
    },
  ];
  const answerColumns = fields.map((field, index): ExportColumn => ({
    header: field.removed ? t("removedField", { label: field.label }) : field.label,
    kind: fieldKind(field.fieldType),
    value: (row: ExportRow) => exportValue(field, row.answers[index], context),
  }));
  return withUniqueHeaders([...fixed, ...answerColumns]);
}

/** The text of a cell in CSV, KML and GeoJSON strings: instants as ISO 8601 UTC, dates as YYYY-MM-DD. */
export function columnText(value: ColumnValue): string {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  const date = value.date;
  // By hand: toISOString() and a slice cost twice as much on every date cell of a large export.
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
}
