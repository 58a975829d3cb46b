/**
 * A repeat's own table (CSV and Excel), as ODK Central and Kobo export them: one table per repeat at any depth, one
 * row per entry. Every row carries the record id (the main table's first column) and the entry's index within its
 * parent (1, 2, … in the list's order), then one column per field of the repeat (an inner repeat reads as its entry
 * count), then ODK Central's PARENT_KEY and KEY: KEY names the entry by its path (`<record id>/membros[2]`,
 * `<record id>/membros[2]/visitas[1]`) and PARENT_KEY is the parent's KEY (the record id for a top-level repeat),
 * so an inner table joins its parent table as the parent joins the main one. Its pages come from a second pass over
 * the same records (recordPages with the top-level repeat's answer only), so memory stays at one page however
 * many entries there are.
 */
import type { ExportRow } from "../../db/queries/records.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { ExportContext, RecordField } from "../../../shared/records/answer-format.ts";
import { repeatEntries, repeatLevels, type RepeatLayout } from "../../../shared/records/record-layout.ts";
import { answerColumn, columnTranslator, withUniqueHeaders, type ExportColumn } from "./export-columns.ts";
import type { PageSource } from "./export-stream.ts";

export interface RepeatRow {
  recordId: string;
  /** 1-based, the entry's place in its parent's list. */
  index: number;
  /** The indexes from the top-level entry down to this one (`[2, 1]`: the first visit of the second member). */
  path: number[];
  /** The entry's path from its record: `<record id>/<repeat name>[index]`, one step per repeat level. */
  key: string;
  /** The enclosing entry's key; the record id at the top level. */
  parentKey: string;
  entry: Record<string, unknown>;
}

export interface RepeatTable {
  repeat: RecordField;
  /** The repeats from the top level down to this one. */
  chain: RecordField[];
  columns: ExportColumn<RepeatRow>[];
  pages: PageSource<RepeatRow>;
}

/** ODK Central's names for the join columns: machine keys, the same in every language. */
export const PARENT_KEY = "PARENT_KEY";
export const KEY = "KEY";

export function repeatColumns(
  children: RecordField[],
  language: Language,
  context: ExportContext,
): ExportColumn<RepeatRow>[] {
  const t = columnTranslator(language);
  return withUniqueHeaders<ExportColumn<RepeatRow>>([
    { header: t("id"), kind: "text", value: (row) => row.recordId },
    { header: t("entryIndex"), kind: "number", value: (row) => row.index },
    ...children.map((child) => answerColumn(child, (row: RepeatRow) => row.entry[child.id], t, context)),
    { header: PARENT_KEY, kind: "text", value: (row) => row.parentKey },
    { header: KEY, kind: "text", value: (row) => row.key },
  ]);
}

/** The rows of the level `chain` ends at, under the entries `value` lists for `chain[0]` inside `parentKey`. */
function levelRows(
  parent: Pick<RepeatRow, "recordId" | "key" | "path">,
  value: unknown,
  chain: readonly RecordField[],
): RepeatRow[] {
  const [repeat, next, ...rest] = chain;
  if (!repeat) return [];
  return repeatEntries(value).flatMap((entry, i) => {
    const row = {
      recordId: parent.recordId,
      index: i + 1,
      path: [...parent.path, i + 1],
      key: `${parent.key}/${repeat.name}[${i + 1}]`,
      parentKey: parent.key,
      entry,
    };
    return next ? levelRows(row, entry[next.id], [next, ...rest]) : [row];
  });
}

/** The entries at the end of `chain` of a record row carrying only the top-level repeat's answer (`answers[0]`). */
export function repeatRowsOf(row: ExportRow, chain: readonly RecordField[]): RepeatRow[] {
  return levelRows({ recordId: row.id, key: row.id, path: [] }, row.answers[0], chain);
}

/**
 * One table per repeat level, outer before inner; `pagesOf` reads the records with one top-level repeat's answer,
 * whose rows become the level's entries before they are formatted (a page without entries writes nothing).
 */
export function repeatTables(
  repeats: RepeatLayout[],
  language: Language,
  context: ExportContext,
  pagesOf: (repeatId: string) => PageSource<ExportRow>,
): RepeatTable[] {
  return repeatLevels(repeats).map(({ layout, chain }) => ({
    repeat: layout.repeat,
    chain,
    columns: repeatColumns(layout.children, language, context),
    // Sources start on their first read: the table's query runs only when the writer reaches it.
    pages: (format) =>
      pagesOf(chain[0]?.id ?? layout.repeat.id)((rows) => format(rows.flatMap((row) => repeatRowsOf(row, chain)))),
  }));
}
