import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import type { ApplicationRow } from "../../db/queries/applications.ts";
import { findLocale } from "../../db/queries/profiles.ts";
import { insertComment, listComments, listPeople, setReviewState } from "../../db/queries/record-review.ts";
import { lockSubmission, type SubmissionRow } from "../../db/queries/submissions.ts";
import { ApiError } from "../../lib/api-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { reviewIssuesEmail } from "../emails/review-issues-email.ts";
import { createWebhookEmitter } from "../webhooks/webhook-emitter.ts";
import type { ReviewCommentDto, ReviewDecisionInput, ReviewThreadDto } from "../../../shared/records/record-review.ts";

/** The record's thread, oldest first, with each author's name and e-mail, and its current state. */
export async function reviewThread(db: Db, row: Pick<SubmissionRow, "id" | "reviewState">): Promise<ReviewThreadDto> {
  const comments = await listComments(db, row.id);
  const people = new Map(
    (
      await listPeople(
        db,
        comments.flatMap((comment) => (comment.authorId ? [comment.authorId] : [])),
      )
    ).map((person) => [person.id, person]),
  );
  return {
    reviewState: row.reviewState,
    comments: comments.map((comment): ReviewCommentDto => ({
      id: comment.id,
      author: comment.authorId ? (people.get(comment.authorId) ?? null) : null,
      body: comment.body,
      reviewState: comment.reviewState,
      createdAt: comment.createdAt.toISOString(),
    })),
  };
}

/** A plain comment by anyone who sees the record (the caller checked that). */
export async function addComment(db: Db, user: Pick<SessionUser, "id">, row: SubmissionRow, body: string) {
  await insertComment(db, { submissionId: row.id, authorId: user.id, body, reviewState: null });
  return reviewThread(db, row);
}

/**
 * An administrator's decision: the state, and the comment saying why in the thread, in one transaction with its
 * audit entry. Marking a record 'has issues' then e-mails its collector (in their language) the comment and a link
 * to the record; a failed e-mail is logged and leaves the decision standing (the thread holds the comment).
 */
export async function reviewRecord(
  context: AppContext,
  user: Pick<SessionUser, "id" | "email" | "name">,
  application: ApplicationRow,
  submissionId: string,
  input: ReviewDecisionInput,
): Promise<ReviewThreadDto> {
  const db = context.database.db;
  const webhooks = createWebhookEmitter(context);
  const row = await db.transaction(async (tx) => {
    const previous = await lockSubmission(tx, application.id, submissionId);
    if (!previous) throw new ApiError("SUBMISSION_NOT_FOUND", "Registro não encontrado");
    await setReviewState(tx, submissionId, input.state, user.id);
    await insertComment(tx, { submissionId, authorId: user.id, body: input.comment, reviewState: input.state });
    await recordAudit(tx, user, {
      kind: "record.reviewed",
      ownerId: application.ownerId,
      application,
      target: submissionId,
      before: { reviewState: previous.reviewState },
      after: { reviewState: input.state, comment: input.comment },
    });
    await webhooks.record(tx, "record.reviewed", application.id, [submissionId]);
    const reviewed = { ...previous, reviewState: input.state };
    // The e-mail is written with the review: it exists if and only if the review does (the job then delivers it).
    if (input.state === "has_issues" && reviewed.submitterId && reviewed.submitterId !== user.id) {
      await notifyCollector(context, tx, user, application, reviewed, input.comment);
    }
    return reviewed;
  });
  await webhooks.dispatch();
  return reviewThread(db, row);
}

async function notifyCollector(
  context: AppContext,
  tx: Db,
  reviewer: Pick<SessionUser, "name" | "email">,
  application: ApplicationRow,
  row: SubmissionRow,
  comment: string,
): Promise<void> {
  const [collector] = await listPeople(tx, row.submitterId ? [row.submitterId] : []);
  if (!collector) return;
  const link = `${context.config.publicUrl}/applications/${application.id}/data?record=${row.id}`;
  await context.mailer.send(
    reviewIssuesEmail({
      to: collector.email,
      name: collector.name,
      reviewerName: reviewer.name || reviewer.email,
      applicationName: application.name,
      comment,
      link,
      locale: await findLocale(tx, collector.id),
    }),
    { tx },
  );
}
