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
import { geometryAnswerOf } from "../../../shared/geo/geometry-answer-text.ts";
import type { AreaAnswer, LineAnswer } from "../../../shared/geo/geometry-answer.ts";
import { repeatEntries, type RecordLayout, type RepeatLayout } from "../../../shared/records/record-layout.ts";

/** A cell. In `instant` columns it is the ISO 8601 UTC text: text formats write it as it is, Excel a date-time cell. */
export type ColumnValue = ExportValue;

export interface ExportColumn<Row = ExportRow> {
  header: string;
  kind: "text" | "number" | "date" | "instant";
  value(row: Row): ColumnValue;
  /** A value GeoJSON writes as JSON rather than as `value` (a repeat's entries, a line's GeoJSON geometry). */
  structured?(row: Row): unknown;
  /** A line or area field's geometry, which GeoJSON and KML also place on the map (record-geometry.ts). */
  geometry?(row: Row): LineAnswer | AreaAnswer | null;
}

/** How the main table holds a repeat: its entry count (CSV, Excel: the entries get their own table) or its entries. */
export type RepeatsAs = "count" | "entries";

type Translate = (key: string, params?: Record<string, string>) => string;

export function columnTranslator(language: Language): Translate {
  return (key, params) => translate(language, `data:export.columns.${key}`, params);
}

/** Headers must be unique (GeoJSON keys, KML Data names): repeated labels get " (2)", " (3)"… */
export function withUniqueHeaders<Column extends { header: string }>(columns: Column[]): Column[] {
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const count = (seen.get(column.header) ?? 0) + 1;
    seen.set(column.header, count);
    return count === 1 ? column : { ...column, header: `${column.header} (${count})` };
  });
}

function fieldKind({ fieldType, config }: RecordField): ExportColumn["kind"] {
  if (fieldType === "number" || fieldType === "repeat" || fieldType === "range") return "number";
  if (fieldType === "date" || (fieldType === "metadata" && config.kind === "today")) return "date";
  return "text";
}

/** A field's column over rows whose `answers[index]` is its answer; a removed field reads "<label> (removido)". */
export function answerColumn<Row>(
  field: RecordField,
  answerOf: (row: Row) => unknown,
  t: Translate,
  context: ExportContext,
): ExportColumn<Row> {
  const column: ExportColumn<Row> = {
    header: field.removed ? t("removedField", { label: field.label }) : field.label,
    kind: fieldKind(field),
    value: (row) => exportValue(field, answerOf(row), context),
  };
  if (field.fieldType !== "line" && field.fieldType !== "area") return column;
  const geometry = (row: Row) => geometryAnswerOf(answerOf(row));
  return { ...column, geometry, structured: geometry };
}

/**
 * A repeat's entries as a list of objects keyed by the headers of the repeat's fields, an inner repeat holding its
 * own entries the same way (at any depth).
 */
function labelledEntries(
  layout: RepeatLayout,
  t: Translate,
  context: ExportContext,
): (value: unknown) => Record<string, unknown>[] {
  const inner = new Map(layout.repeats.map((repeat) => [repeat.repeat.id, labelledEntries(repeat, t, context)]));
  const columns = withUniqueHeaders(
    layout.children.map((child) => {
      const column = answerColumn(child, (entry: Record<string, unknown>) => entry[child.id], t, context);
      const entries = inner.get(child.id);
      const read = (entry: Record<string, unknown>) => entries?.(entry[child.id]) ?? jsonValue(column.value(entry));
      return { ...column, read };
    }),
  );
  return (value) =>
    repeatEntries(value).map((entry) =>
      Object.fromEntries(columns.map((column) => [column.header, column.read(entry)])),
    );
}

/**
 * A repeat as one column of the main table (KML, GeoJSON): its entries as a list of objects keyed by the headers
 * of the repeat's fields (inner repeats nested as lists in their entry) — GeoJSON writes the list as JSON, KML
 * (whose data are text) as its JSON text.
 */
function entriesColumn(
  header: string,
  layout: RepeatLayout,
  answerOf: (row: ExportRow) => unknown,
  t: Translate,
  context: ExportContext,
): ExportColumn {
  const labelled = labelledEntries(layout, t, context);
  const entries = (row: ExportRow) => labelled(answerOf(row));
  return {
    header,
    kind: "text",
    value: (row) => {
      const list = entries(row);
      return list.length === 0 ? null : JSON.stringify(list);
    },
    structured: entries,
  };
}

/**
 * The main table's columns, in order: record id, created and updated instants, submitter name and e-mail, the
 * record's location, its review state (in the export's language), one column per live field answered at the top level (labelled by the field label), then one per
 * removed field that still holds answers — at the end, so the live form's columns keep their positions. Rows carry
 * the answers of `layout.answered` in the same order (recordPages). A repeat's column is its entry count, or (KML,
 * GeoJSON) its entries keyed by their fields' headers. The instants' headers name `zone`, the time zone the
 * writer shows them in.
 */
export function exportColumns(
  layout: RecordLayout,
  language: Language,
  context: ExportContext,
  repeatsAs: RepeatsAs,
  zone = "UTC",
): ExportColumn[] {
  const t = columnTranslator(language);
  // A handful of states on every row: each translated once per export, not once per row.
  const stateNames = new Map<string, string>();
  const stateName = (state: string) => {
    let name = stateNames.get(state);
    if (name === undefined) stateNames.set(state, (name = translate(language, `review:states.${state}`)));
    return name;
  };
  const fixed: ExportColumn[] = [
    { header: t("id"), kind: "text", value: (row) => row.id },
    { header: t("createdAt", { zone }), kind: "instant", value: (row) => isoFromTimestampText(row.createdText) },
    { header: t("updatedAt", { zone }), kind: "instant", value: (row) => isoFromTimestampText(row.updatedText) },
    // A visitor's record names the link it came through where a member's names the member (as ODK Central does).
    {
      header: t("submitterName"),
      kind: "text",
      value: (row) =>
        row.submitterName ?? (row.publicLinkName === null ? null : t("viaLink", { name: row.publicLinkName })),
    },
    { header: t("submitterEmail"), kind: "text", value: (row) => row.submitterEmail },
    { header: t("latitude"), kind: "number", value: (row) => row.latitude },
    { header: t("longitude"), kind: "number", value: (row) => row.longitude },
    { header: t("accuracy"), kind: "number", value: (row) => row.locationAccuracy },
    {
      header: translate(language, "review:exportColumn"),
      kind: "text",
      value: (row) => stateName(row.reviewState),
    },
  ];
  const repeats = new Map(layout.repeats.map((repeat) => [repeat.repeat.id, repeat]));
  const answerColumns = layout.answered.map((field, index): ExportColumn => {
    const column = answerColumn(field, (row: ExportRow) => row.answers[index], t, context);
    const repeat = repeats.get(field.id);
    return repeat && repeatsAs === "entries"
      ? entriesColumn(column.header, repeat, (row) => row.answers[index], t, context)
      : column;
  });
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

/** A cell as a JSON value: dates as their text. */
export function jsonValue(value: ColumnValue): string | number | null {
  if (value === null || typeof value === "number" || typeof value === "string") return value;
  return columnText(value);
}
