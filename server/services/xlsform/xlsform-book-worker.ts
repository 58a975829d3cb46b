/**
 * The worker thread that reads a large uploaded XLSForm with ExcelJS (started by read-book-in-worker.ts), off the
 * server's event loop and inside the memory the server gave it. Answers one XlsFormBookReading.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readXlsFormBookSafely } from "./xlsform-book-reading.ts";

const port = parentPort;
if (!port) throw new Error("xlsform-book-worker runs as a worker thread");
port.postMessage(await readXlsFormBookSafely(workerData as Uint8Array));
