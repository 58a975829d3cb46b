import type { Db } from "../../db/client.ts";
import { logger } from "../../lib/logger.ts";
import { runAnalyticsRollup } from "./rollup.ts";

/** Hourly: a finished day is rolled up within the hour after midnight (UTC) whichever process gets there first. */
export const ROLLUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the roll-up once shortly after start and then every hour, in this process. Several processes may each run
 * it: the advisory lock lets one work and the others skip. Returns the function that stops it (server close).
 */
export function startAnalyticsRollup(db: Db, intervalMs = ROLLUP_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runAnalyticsRollup(db).catch((error: unknown) => logger.error("analytics roll-up failed", { error }));
  };
  const first = setTimeout(run, 5_000);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
