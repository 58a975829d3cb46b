import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { DEFERRED_RETRY_AFTER_SECONDS } from "../../services/sync/batch-evaluation-budget.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { findLiveLink, loadPublicForm, syncThroughLink } from "../../services/public-links/public-access.ts";
import { issueChallenge, PROOF_VALID_SECONDS } from "../../services/public-links/proof-of-work.ts";
import type { PublicLinkRow } from "../../db/queries/public-links.ts";
import type { ProofChallengeDto } from "../../../shared/public-links/public-link-dtos.ts";
import * as contracts from "../../../shared/api/contracts/public-links.ts";
import { publicLinkGuard } from "./public-link-guard.ts";

/**
 * What a visitor without an account reaches with a link's token: the form, a proof-of-work challenge and the records
 * endpoint. The token is the only credential and opens this one form; nothing here reads the session.
 */
export function publicFormRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const guard = publicLinkGuard(context);
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.getPublicForm, async (c, { params }) => {
    await guard.address(c);
    const link = await findLiveLink(db, params.token);
    // Revalidated on each open so a pause or a form change shows; the page keeps its own copy for offline use.
    c.header("Cache-Control", "no-store");
    return c.json(await loadPublicForm(db, link, new Date()));
  });

  mountRoute(routes, db, contracts.getPublicLinkChallenge, async (c, { params }) => {
    await guard.address(c);
    const link = await findLiveLink(db, params.token);
    const difficulty = context.config.publicLinks.proofBits;
    const body: ProofChallengeDto = {
      challenge: issueChallenge(context.config.authSecret, link.id, difficulty, new Date()),
      difficulty,
      validForSeconds: PROOF_VALID_SECONDS,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  // The abuse checks come before the body is read and validated: a flood, or a sender without the proof of work, is
  // refused before its megabytes are parsed.
  // The link the checks found, for the handler of the same request: one lookup per record request.
  const checkedLinks = new WeakMap<Request, PublicLinkRow>();
  routes.post(contracts.syncThroughPublicLink.path, async (c, next) => {
    await guard.address(c);
    const link = await findLiveLink(db, c.req.param("token"));
    await guard.records(c, link.id);
    checkedLinks.set(c.req.raw, link);
    await next();
  });
  mountRoute(routes, db, contracts.syncThroughPublicLink, async (c, { params, body }) => {
    const link = checkedLinks.get(c.req.raw) ?? (await findLiveLink(db, params.token));
    const { deviceId, records } = body;
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
