import type { Db } from "../db/client.ts";
import { runAnalyticsRollup } from "../services/analytics/rollup.ts";
import type { JobDefinition } from "./job-queue.ts";

/** Hourly: a finished day is rolled up within the hour after midnight (UTC); pg-boss runs each tick in one process. */
export function analyticsRollupJob(db: Db, now = () => new Date()): JobDefinition<object> {
  return {
    name: "analytics-rollup",
    cron: "5 * * * *",
    retryLimit: 2,
    async handle() {
      await runAnalyticsRollup(db, now());
    },
  };
}
