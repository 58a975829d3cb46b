import { loadConfig } from "./config.ts";
import { startEmbeddedDatabase } from "./db/pglite-thread.ts";
import { logger } from "./lib/logger.ts";

// The embedded database opens (the seed's copy, PGlite's WebAssembly) on its own thread while this one loads the rest
// of the server, imported only now: one after the other, the two were most of a cold start (docs/decisions.md).
const pglite = startEmbeddedDatabase(loadConfig());
const { startServer } = await import("./server.ts");
const server = await startServer({
  pglite,
  onListening: (port) => logger.info(`Campo starting on port ${port}: 503 until ready`),
});
logger.info(`Campo listening on ${server.url}`, {
  database: server.context.database.kind,
  web: Boolean(server.context.config.webDist),
});

let stopping = false;
async function stop(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  await server.close();
  process.exit(exitCode);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
// No e-mail, webhook or clean-up would ever run: the process stops, as it did when the queue started before serving.
server.jobsStarted.catch(() => void stop("the job queue did not start", 1));
