import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { readJson } from "../../lib/validation.ts";
import { DEFERRED_RETRY_AFTER_SECONDS } from "../../services/sync/batch-evaluation-budget.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { findLiveLink, loadPublicForm, syncThroughLink } from "../../services/public-links/public-access.ts";
import { issueChallenge, PROOF_VALID_SECONDS } from "../../services/public-links/proof-of-work.ts";
import { MAX_ANSWERS_BYTES } from "../../../shared/fields/answer-validation.ts";
import {
  PUBLIC_SYNC_BATCH_MAX,
  publicSyncEnvelopeSchema,
  type ProofChallengeDto,
} from "../../../shared/public-links/public-link-dtos.ts";
import { publicLinkGuard } from "./public-link-guard.ts";

/** A full visitor batch at the largest answers size. */
export const PUBLIC_SYNC_MAX_BODY_BYTES = PUBLIC_SYNC_BATCH_MAX * (MAX_ANSWERS_BYTES + 4096);

/**
 * What a visitor without an account reaches with a link's token: the form, a proof-of-work challenge and the records
 * endpoint. The token is the only credential and opens this one form; nothing here reads the session.
 */
export function publicFormRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const guard = publicLinkGuard(context);
  const routes = new Hono<AppEnv>();

  routes.get("/api/public/links/:token", async (c) => {
    await guard.address(c);
    const link = await findLiveLink(db, c.req.param("token"));
    // Revalidated on each open so a pause or a form change shows; the page keeps its own copy for offline use.
    c.header("Cache-Control", "no-store");
    return c.json(await loadPublicForm(db, link, new Date()));
  });

  routes.get("/api/public/links/:token/challenge", async (c) => {
    await guard.address(c);
    const link = await findLiveLink(db, c.req.param("token"));
    const difficulty = context.config.publicLinks.proofBits;
    const body: ProofChallengeDto = {
      challenge: issueChallenge(context.config.authSecret, link.id, difficulty, new Date()),
      difficulty,
      validForSeconds: PROOF_VALID_SECONDS,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  routes.post("/api/public/links/:token/sync", async (c) => {
    await guard.address(c);
    const link = await findLiveLink(db, c.req.param("token"));
    await guard.records(c, link.id);
    const { deviceId, records } = await readJson(c, publicSyncEnvelopeSchema, {
      maxBytes: PUBLIC_SYNC_MAX_BODY_BYTES,
      checkText: false,
    });
    const { results, deferred } = await withWebhooks(context, (webhooks) =>
      syncThroughLink(
        db,
        link,
        deviceId,
        records,
        {
          superAdminEmails: context.config.superAdminEmails,
          webhooks,
          evaluationBudgetMs: context.config.syncBatchEvaluationMs,
        },
        new Date(),
      ),
    );
    c.header("Cache-Control", "no-store");
    if (deferred.length === 0) return c.json({ results });
    c.header("Retry-After", String(DEFERRED_RETRY_AFTER_SECONDS));
    return c.json({ results, deferred, retryAfterSeconds: DEFERRED_RETRY_AFTER_SECONDS });
  });

  return routes;
}
