import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { assertCanComment, assertCanReview, type ReadableAccess } from "../../policies/application-access.ts";
import { recordHistory, restoreVersion } from "../../services/records/record-history.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { addComment, reviewRecord, reviewThread } from "../../services/records/record-review.ts";
import { loadVisibleSubmission } from "../../services/records/visible-submission.ts";
import * as contracts from "../../../shared/api/contracts/submissions.ts";

/**
 * A record's history and review (ODK Central's flow). Whoever sees the record (administrators every record,
 * collaborators their own) reads its history and thread and comments; administrators and super admins set its
 * review state and restore earlier versions. A record the caller cannot see is 404 before anything else, hence the
 * contracts' policy is `application.read` and the finer rule is applied here, after the record is found.
 */
export function recordReviewRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  const visible = (access: ReadableAccess, submissionId: string) => loadVisibleSubmission(db, access, submissionId);

  mountRoute(routes, db, contracts.getSubmissionHistory, async (c, { access, params }) => {
    return c.json(await recordHistory(db, await visible(access, params.submissionId)));
  });

  mountRoute(routes, db, contracts.restoreSubmissionVersion, async (c, { user, access, params }) => {
    const row = await visible(access, params.submissionId);
    assertCanReview(access);
    const restored = await withWebhooks(context, (webhooks) =>
      restoreVersion(db, user, access.application, row.id, params.versionId, webhooks),
    );
    return c.json(await recordHistory(db, restored));
  });

  mountRoute(routes, db, contracts.reviewSubmission, async (c, { user, access, params, body }) => {
    const row = await visible(access, params.submissionId);
    assertCanReview(access);
    return c.json(await reviewRecord(context, user, access.application, row.id, body));
  });

  mountRoute(routes, db, contracts.getSubmissionComments, async (c, { access, params }) => {
    return c.json(await reviewThread(db, await visible(access, params.submissionId)));
  });

  mountRoute(routes, db, contracts.addSubmissionComment, async (c, { user, access, params, body }) => {
    const row = await visible(access, params.submissionId);
    assertCanComment(access);
    return c.json(await addComment(db, user, row, body.body), 201);
  });

  return routes;
}
