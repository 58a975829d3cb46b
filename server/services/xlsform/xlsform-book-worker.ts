/**
 * The worker thread that reads an uploaded XLSForm (started by read-book-in-worker.ts): it checks what the zip
 * really unpacks to, then reads the workbook with ExcelJS, off the server's event loop and inside the memory the
 * server gave it. Answers one XlsFormBookReading.
 */
import { parentPort, workerData } from "node:worker_threads";
import { checkInflatedSize } from "./zip-inflated-size.ts";
import { readXlsFormBook, type XlsFormBook } from "./xlsform-sheets.ts";

export interface XlsFormBookWorkerData {
  bytes: Uint8Array;
  maxUnzippedBytes: number;
}

export type XlsFormBookReading = { ok: true; book: XlsFormBook } | { ok: false; reason: "tooLarge" | "unreadable" };

const port = parentPort;
if (!port) throw new Error("xlsform-book-worker runs as a worker thread");
const { bytes, maxUnzippedBytes } = workerData as XlsFormBookWorkerData;

async function read(): Promise<XlsFormBookReading> {
  const size = checkInflatedSize(bytes, maxUnzippedBytes);
  if (size !== "ok") return { ok: false, reason: size };
  try {
    return { ok: true, book: await readXlsFormBook(bytes) };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

port.postMessage(await read());
