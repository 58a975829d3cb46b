/**
 * The embedded database in a worker thread: PGlite runs here, behind a PostgreSQL wire-protocol server on
 * 127.0.0.1 (any free port), so the server's event loop never waits on a query and the server talks to it with
 * node-postgres exactly as to PostgreSQL. Started by pglite-thread.ts. A new folder is first filled from the build's
 * seed (pglite-seed.ts), here rather than on the server's thread, which meanwhile loads its modules. Answers
 * `{ port, seeded }` once listening; on "close" it stops accepting, closes PGlite (its checkpoint: every acknowledged
 * write is in the folder) and answers "closed".
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { plantBundledSeed } from "./pglite-seed.ts";

export interface PgliteWorkerData {
  /** The data folder, or undefined for an in-memory database (tests). */
  dir: string | undefined;
  /** For an in-memory database: a `dumpDataDir()` tarball to start from instead of an empty cluster (tests). */
  memorySeed?: string;
  sharedBuffers: string;
  maxConnections: number;
}

export type PgliteWorkerMessage = { port: number; seeded: boolean } | "closed";

const port = parentPort;
if (!port) throw new Error("pglite-worker runs as a worker thread");
const options = workerData as PgliteWorkerData;
const seeded = options.dir ? plantBundledSeed(options.dir) : false;
// PGlite keeps shared_buffers inside its own memory (128 MB by default, allocated at start); its files are real
// files, so the operating system's cache already holds what is read often (docs/decisions.md).
const db = options.dir
  ? new PGlite(options.dir, { postgresqlconf: [`shared_buffers=${options.sharedBuffers}`] })
  : new PGlite({ loadDataDir: options.memorySeed ? new Blob([readFileSync(options.memorySeed)]) : undefined });
// One PostgreSQL session serves every connection: settings made here hold for all of them.
await db.exec("set time zone 'UTC'");
const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: options.maxConnections });
await server.start();
const listening = Number(server.getServerConn().split(":").at(-1));
port.postMessage({ port: listening, seeded } satisfies PgliteWorkerMessage);

port.on("message", (message: unknown) => {
  if (message !== "close") return;
  void (async () => {
    await server.stop();
    await db.close();
    port.postMessage("closed" satisfies PgliteWorkerMessage);
    port.close();
  })();
});
