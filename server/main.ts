import { startServer } from "./server.ts";
import { logger } from "./lib/logger.ts";

const server = await startServer({
  onListening: (port) => logger.info(`Campo starting on port ${port}: 503 until ready`),
});
logger.info(`Campo listening on ${server.url}`, {
  database: server.context.database.kind,
  web: Boolean(server.context.config.webDist),
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  await server.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
