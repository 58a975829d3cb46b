import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { readJson } from "../../lib/validation.ts";
import { assertCanComment, assertCanRead, assertCanReview, loadAccess } from "../../policies/application-access.ts";
import { recordHistory, restoreVersion } from "../../services/records/record-history.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { addComment, reviewRecord, reviewThread } from "../../services/records/record-review.ts";
import { loadVisibleSubmission } from "../../services/records/visible-submission.ts";
import { reviewCommentSchema, reviewDecisionSchema } from "../../../shared/records/record-review.ts";

const RECORD = "/api/applications/:id/submissions/:submissionId";

/**
 * A record's history and review (ODK Central's flow). Whoever sees the record (administrators every record,
 * collaborators their own) reads its history and thread and comments; administrators and super admins set its
 * review state and restore earlier versions. A record the caller cannot see is 404 before anything else.
 */
export function recordReviewRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  const visible = async (
    c: { req: { param(name: "id" | "submissionId"): string } },
    user: ReturnType<typeof requireUser>,
  ) => {
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanRead(access);
    return { access, row: await loadVisibleSubmission(db, access, c.req.param("submissionId")) };
  };

  routes.get(`${RECORD}/history`, async (c) => {
    const { row } = await visible(c, requireUser(c));
    return c.json(await recordHistory(db, row));
  });

  routes.post(`${RECORD}/history/:versionId/restore`, async (c) => {
    const user = requireUser(c);
    const { access, row } = await visible(c, user);
    assertCanReview(access);
    const restored = await withWebhooks(context, (webhooks) =>
      restoreVersion(db, user, access.application, row.id, c.req.param("versionId"), webhooks),
    );
    return c.json(await recordHistory(db, restored));
  });

  routes.post(`${RECORD}/review`, async (c) => {
    const user = requireUser(c);
    const { access, row } = await visible(c, user);
    assertCanReview(access);
    const input = await readJson(c, reviewDecisionSchema);
    return c.json(await reviewRecord(context, user, access.application, row.id, input));
  });

  routes.get(`${RECORD}/comments`, async (c) => {
    const { row } = await visible(c, requireUser(c));
    return c.json(await reviewThread(db, row));
  });

  routes.post(`${RECORD}/comments`, async (c) => {
    const user = requireUser(c);
    const { access, row } = await visible(c, user);
    assertCanComment(access);
    const input = await readJson(c, reviewCommentSchema);
    return c.json(await addComment(db, user, row, input.body), 201);
  });

  return routes;
}
