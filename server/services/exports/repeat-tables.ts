/**
 * A repeat's own table (CSV and Excel), as ODK and Kobo export them: one row per entry, keyed by the record id (the
 * main table's first column) and the entry's index (1, 2, … in the record's order), then one column per field of
 * the repeat. Its pages come from a second pass over the same records (recordPages with the repeat's answer only),
 * so memory stays at one page however many entries there are.
 */
import type { ExportRow } from "../../db/queries/records.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { ExportContext, RecordField } from "../../../shared/records/answer-format.ts";
import { repeatEntries, type RepeatLayout } from "../../../shared/records/record-layout.ts";
import { answerColumn, columnTranslator, withUniqueHeaders, type ExportColumn } from "./export-columns.ts";

export interface RepeatRow {
  recordId: string;
  /** 1-based, the entry's place in the record's list. */
  index: number;
  entry: Record<string, unknown>;
}

export interface RepeatTable {
  repeat: RecordField;
  columns: ExportColumn<RepeatRow>[];
  pages: AsyncGenerator<RepeatRow[]>;
}

export function repeatColumns(
  children: RecordField[],
  language: Language,
  context: ExportContext,
): ExportColumn<RepeatRow>[] {
  const t = columnTranslator(language);
  return withUniqueHeaders<RepeatRow>([
    { header: t("id"), kind: "text", value: (row) => row.recordId },
    { header: t("entryIndex"), kind: "number", value: (row) => row.index },
    ...children.map((child) => answerColumn(child, (row: RepeatRow) => row.entry[child.id], t, context)),
  ]);
}

/** The entries of a record row carrying only the repeat's answer (`answers[0]`), numbered from 1. */
export function repeatRowsOf(row: ExportRow): RepeatRow[] {
  return repeatEntries(row.answers[0]).map((entry, i) => ({ recordId: row.id, index: i + 1, entry }));
}

/** Pages of records carrying only the repeat's answer → pages of its entries; empty pages are skipped. */
export async function* repeatRowPages(pages: AsyncGenerator<ExportRow[]>): AsyncGenerator<RepeatRow[]> {
  for await (const rows of pages) {
    const entries = rows.flatMap(repeatRowsOf);
    if (entries.length > 0) yield entries;
  }
}

export function repeatTables(
  repeats: RepeatLayout[],
  language: Language,
  context: ExportContext,
  pagesOf: (repeatId: string) => AsyncGenerator<ExportRow[]>,
): RepeatTable[] {
  return repeats.map(({ repeat, children }) => ({
    repeat,
    columns: repeatColumns(children, language, context),
    // Generators start on their first read: the table's query runs only when the writer reaches it.
    pages: repeatRowPages(pagesOf(repeat.id)),
  }));
}
