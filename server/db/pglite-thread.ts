import path from "node:path";
import type { Worker } from "node:worker_threads";
import { moduleWorker } from "../lib/module-worker.ts";
import { logger } from "../lib/logger.ts";
import type { PgliteWorkerData, PgliteWorkerMessage } from "./pglite-worker.ts";

/** The embedded database's thread (pglite-worker.ts), started before anything connects to it. */
export interface PgliteThread {
  /** The port of its wire-protocol server, once PGlite is open (rejects if it could not open). */
  port: Promise<number>;
  /** Closes PGlite (its folder is then consistent) and ends the thread; it runs once however often it is called. */
  stop(): Promise<void>;
}

const PGLITE_SHARED_BUFFERS = "16MB";
/**
 * One connection to the embedded database's worker. PGlite is one PostgreSQL session, and pglite-socket 0.2 queues
 * each protocol message on its own: with two connections, one's Parse could land between the other's Parse and
 * Bind (node-postgres uses the unnamed statement), and queries then fail or bind the wrong statement — seen at
 * 8 concurrent requests. PGlite runs one statement at a time anyway, so requests lose nothing by queueing here,
 * and the event loop stays free while they wait.
 */
export const PGLITE_POOL_SIZE = 1;
/** Room for a replacement while a dropped connection is still closing. */
const PGLITE_MAX_CONNECTIONS = PGLITE_POOL_SIZE + 3;

/** PGlite on `dir` (created, and filled from the build's seed when empty), or in memory for undefined. */
export function startPgliteThread(dir: string | undefined, memorySeed?: string): PgliteThread {
  const workerData: PgliteWorkerData = {
    dir,
    memorySeed,
    sharedBuffers: PGLITE_SHARED_BUFFERS,
    maxConnections: PGLITE_MAX_CONNECTIONS,
  };
  const worker = moduleWorker(import.meta.url, "pglite-worker", { workerData });
  const port = new Promise<number>((resolve, reject) => {
    worker.once("message", (message: PgliteWorkerMessage) => {
      if (typeof message !== "object") return;
      if (message.seeded) logger.info("new database copied from the build's seed", { dir });
      resolve(message.port);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the embedded database stopped (exit ${code})`)));
  });
  // Whoever starts the thread early may await it only later: a failure is reported there, not as unhandled.
  port.catch(() => undefined);
  let stopping: Promise<void> | undefined;
  return {
    port,
    // A thread still opening PGlite is let finish first: stopping it half-way would be a crash of the database.
    stop: () =>
      (stopping ??= port.then(
        () => closeWorker(worker),
        () => worker.terminate().then(() => undefined),
      )),
  };
}

/**
 * The embedded database a server with these settings uses, its thread started now; undefined on PostgreSQL
 * (DATABASE_URL postgres://…). "memory://" is an in-memory PGlite (tests), from `memorySeed` if given.
 */
export function startEmbeddedDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  memorySeed?: string;
}): PgliteThread | undefined {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return undefined;
  if (url === "memory://") return startPgliteThread(undefined, options.memorySeed);
  return startPgliteThread(path.join(options.dataDir, "pglite"));
}

async function closeWorker(worker: Worker): Promise<void> {
  const closed = new Promise<void>((resolve) => worker.once("message", (message) => message === "closed" && resolve()));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.postMessage("close");
  await Promise.race([closed, exited]);
  await worker.terminate();
}
