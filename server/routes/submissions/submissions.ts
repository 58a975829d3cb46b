import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { findSubmission } from "../../db/queries/submissions.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson } from "../../lib/validation.ts";
import { assertCanRead, loadAccess, seesAllSubmissions } from "../../policies/application-access.ts";
import { presentSubmission } from "../../presenters/submission-presenter.ts";
import { editSubmission, SUBMISSION_NOT_FOUND_MESSAGE } from "../../services/sync/edit-submission.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { MAX_ANSWERS_BYTES } from "../../../shared/fields/answer-validation.ts";
import { submissionEditSchema } from "./schema.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One record: read by whoever may read it (collaborators only their own), edited by its submitter or an administrator. */
export function submissionRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  routes.get("/api/applications/:id/submissions/:submissionId", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanRead(access);
    const submissionId = c.req.param("submissionId");
    const row = UUID_PATTERN.test(submissionId)
      ? await findSubmission(db, access.application.id, submissionId)
      : undefined;
    if (!row || (!seesAllSubmissions(access) && row.submitterId !== user.id)) {
      throw new ApiError("SUBMISSION_NOT_FOUND", SUBMISSION_NOT_FOUND_MESSAGE);
    }
    return c.json({ submission: presentSubmission(row) });
  });

  routes.put("/api/applications/:id/submissions/:submissionId", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanRead(access);
    const submissionId = c.req.param("submissionId");
    if (!UUID_PATTERN.test(submissionId)) throw new ApiError("SUBMISSION_NOT_FOUND", SUBMISSION_NOT_FOUND_MESSAGE);
    const input = await readJson(c, submissionEditSchema, { maxBytes: MAX_ANSWERS_BYTES + 4096 });
    const row = await withWebhooks(context, (webhooks) =>
      editSubmission(db, user, access, submissionId, input, webhooks),
    );
    return c.json({ submission: presentSubmission(row) });
  });

  return routes;
}
