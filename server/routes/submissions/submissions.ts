import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { findSubmission } from "../../db/queries/submissions.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { seesAllSubmissions } from "../../policies/application-access.ts";
import { presentSubmission } from "../../presenters/submission-presenter.ts";
import { editSubmission, SUBMISSION_NOT_FOUND_MESSAGE } from "../../services/sync/edit-submission.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import * as contracts from "../../../shared/api/contracts/submissions.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One record: read by whoever may read it (collaborators only their own), edited by its submitter or an administrator. */
export function submissionRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.getSubmission, async (c, { user, access, params }) => {
    const { submissionId } = params;
    const row = UUID_PATTERN.test(submissionId)
      ? await findSubmission(db, access.application.id, submissionId)
      : undefined;
    if (!row || (!seesAllSubmissions(access) && row.submitterId !== user.id)) {
      throw new ApiError("SUBMISSION_NOT_FOUND", SUBMISSION_NOT_FOUND_MESSAGE);
    }
    return c.json({ submission: presentSubmission(row) });
  });

  mountRoute(routes, db, contracts.editSubmission, async (c, { user, access, params, body }) => {
    const { submissionId } = params;
    if (!UUID_PATTERN.test(submissionId)) throw new ApiError("SUBMISSION_NOT_FOUND", SUBMISSION_NOT_FOUND_MESSAGE);
    const row = await withWebhooks(context, (webhooks) =>
      editSubmission(db, user, access, submissionId, body, webhooks),
    );
    return c.json({ submission: presentSubmission(row) });
  });

  return routes;
}
