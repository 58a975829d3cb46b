import { LegacyXlsFile } from "./xls-book.ts";
import { readXlsFormBook, type XlsFormBook } from "./xlsform-sheets.ts";

/**
 * A workbook read, or why not: too large (memory, time or unpacked size), an .xls older than Excel 97 or protected
 * by a password (to be saved as .xlsx), or no workbook at all.
 */
export type XlsFormBookReading =
  { ok: true; book: XlsFormBook } | { ok: false; reason: "tooLarge" | "legacyXls" | "unreadable" };

/** Reads a workbook whose unpacked size is already known to be within the cap; never throws. */
export async function readXlsFormBookSafely(bytes: Uint8Array): Promise<XlsFormBookReading> {
  try {
    return { ok: true, book: await readXlsFormBook(bytes) };
  } catch (error) {
    return { ok: false, reason: error instanceof LegacyXlsFile ? "legacyXls" : "unreadable" };
  }
}
