import { moduleWorker } from "../../lib/module-worker.ts";
import type { XlsFormBookReading } from "./xlsform-book-reading.ts";
/**
 * The reading thread's heap: ExcelJS holds a workbook of the largest accepted size in well under this; a file
 * that needs more is refused instead of growing the server's memory.
 */
const WORKER_HEAP_MB = 256;
/** Reading a real XLSForm takes well under a second; past this the thread is stopped and the file refused. */
export const XLSFORM_READ_TIMEOUT_MS = 20_000;

/**
 * Reads an uploaded XLSForm in a worker thread of its own, so that ExcelJS's parsing of a large workbook does not
 * hold the event loop that answers every other request. A thread that passes its memory or time is terminated and
 * the file reported too large; the thread is always ended once it has answered.
 */
export function readXlsFormBookInWorker(bytes: Uint8Array): Promise<XlsFormBookReading> {
  const worker = moduleWorker(import.meta.url, "xlsform-book-worker", {
    workerData: bytes,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  let timer: NodeJS.Timeout | undefined;
  // The first of answer, failure, exit or timeout settles it; the thread is terminated in every case.
  return new Promise<XlsFormBookReading>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: "tooLarge" }), XLSFORM_READ_TIMEOUT_MS);
    worker.once("message", resolve);
    worker.once("error", (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, reason: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "tooLarge" : "unreadable" }),
    );
    worker.once("exit", () => resolve({ ok: false, reason: "unreadable" }));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
