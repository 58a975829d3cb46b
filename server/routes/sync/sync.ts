import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { syncBatch } from "../../services/sync/sync-batch.ts";
import { DEFERRED_RETRY_AFTER_SECONDS } from "../../services/sync/batch-evaluation-budget.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { syncRecords } from "../../../shared/api/contracts/sync.ts";

/**
 * POST /api/sync: the outbox's batches. Always 200 with one result per record, in the order sent, except records
 * deferred because the batch's evaluation budget was spent: listed apart, with Retry-After.
 */
export function syncRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, syncRecords, async (c, { user, body }) => {
    const { records } = body;
    const { results, deferred, timings } = await withWebhooks(context, (webhooks) =>
      syncBatch(db, { kind: "user", user }, records, {
        superAdminEmails: context.config.superAdminEmails,
        webhooks,
        evaluationBudgetMs: context.config.syncBatchEvaluationMs,
      }),
    );
    c.header("Server-Timing", `check;dur=${timings.check.toFixed(1)}, insert;dur=${timings.insert.toFixed(1)}`);
    c.header("Cache-Control", "no-store");
    if (deferred.length === 0) return c.json({ results });
    c.header("Retry-After", String(DEFERRED_RETRY_AFTER_SECONDS));
    return c.json({ results, deferred, retryAfterSeconds: DEFERRED_RETRY_AFTER_SECONDS });
  });

  return routes;
}
