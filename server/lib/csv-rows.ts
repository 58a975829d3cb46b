import { parse as parseCsv } from "csv-parse/sync";

/** Why a CSV cannot be read, in words for the error's details. */
export class CsvUnreadable extends Error {}

/**
 * The rows of a UTF-8 CSV (a byte-order mark allowed), comma or semicolon separated (spreadsheets in pt-BR save
 * with `;`), cells trimmed, empty lines skipped; read up to `maxRows + 1` rows after the header, so a caller can
 * tell a file over its cap without reading all of it.
 */
export function readCsvRows(bytes: Uint8Array, maxRows: number): { rows: string[][]; delimiter: "," | ";" } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new CsvUnreadable("not UTF-8 text");
  }
  const header = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = header.split(";").length > header.split(",").length ? ";" : ",";
  try {
    const rows: string[][] = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to_line: maxRows + 2,
    });
    return { rows, delimiter };
  } catch (error) {
    throw new CsvUnreadable(error instanceof Error ? error.message : "invalid CSV");
  }
}
