import { readXlsFormBook, type XlsFormBook } from "./xlsform-sheets.ts";

/** A workbook read, or why not: too large (memory, time or unpacked size) or no workbook at all. */
export type XlsFormBookReading = { ok: true; book: XlsFormBook } | { ok: false; reason: "tooLarge" | "unreadable" };

/** Reads a workbook whose unpacked size is already known to be within the cap; never throws. */
export async function readXlsFormBookSafely(bytes: Uint8Array): Promise<XlsFormBookReading> {
  try {
    return { ok: true, book: await readXlsFormBook(bytes) };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
