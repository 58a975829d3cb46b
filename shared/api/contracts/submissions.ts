import { defineRoute } from "../route-contract.ts";
import { submissionResponseSchema } from "../../applications/application-response-schemas.ts";
import { recordHistorySchema, reviewThreadSchema } from "../../records/record-response-schemas.ts";
import { reviewCommentSchema, reviewDecisionSchema } from "../../records/record-review.ts";
import { submissionEditSchema } from "../../submissions/submission-edit-schema.ts";

const TAG = "Submissions";
const RECORD = "/api/applications/:id/submissions/:submissionId";
/**
 * Every route here is `application.read`: a record the caller cannot see answers 404 SUBMISSION_NOT_FOUND before
 * any finer rule (reviewing, commenting, editing), which the handler then applies, so that a collaborator learns
 * nothing about another's record from a 403.
 */
const SEEN = "Whoever sees the record: administrators every record, collaborators their own (404 otherwise).";
const REVIEWERS = `${SEEN} Then reviewers only (application administrators; a token needs write access).`;

export const getSubmission = defineRoute({
  operationId: "getSubmission",
  method: "get",
  path: RECORD,
  tag: TAG,
  summary: "Read one record with its form version and review state",
  description: SEEN,
  policy: "application.read",
  token: true,
  response: submissionResponseSchema,
  errors: ["SUBMISSION_NOT_FOUND"],
});

export const editSubmission = defineRoute({
  operationId: "editSubmission",
  method: "put",
  path: RECORD,
  tag: TAG,
  summary: "Edit a record's answers (its submitter; checked against the current form, which it then moves to)",
  description: `${SEEN} Its submitter, or the application's administrators; a token needs write access.`,
  policy: "application.read",
  token: true,
  body: submissionEditSchema,
  response: submissionResponseSchema,
  errors: ["SUBMISSION_NOT_FOUND", "FORBIDDEN", "MEDIA_MISSING"],
});

export const getSubmissionHistory = defineRoute({
  operationId: "getSubmissionHistory",
  method: "get",
  path: `${RECORD}/history`,
  tag: TAG,
  summary: "Every state of a record, oldest first, with who made it, when, and what changed",
  description: SEEN,
  policy: "application.read",
  token: true,
  response: recordHistorySchema,
  errors: ["SUBMISSION_NOT_FOUND"],
});

export const restoreSubmissionVersion = defineRoute({
  operationId: "restoreSubmissionVersion",
  method: "post",
  path: `${RECORD}/history/:versionId/restore`,
  tag: TAG,
  summary: "Restore an earlier state of a record as its newest one; answers the history",
  description: REVIEWERS,
  policy: "application.read",
  token: true,
  response: recordHistorySchema,
  errors: ["SUBMISSION_NOT_FOUND", "FORBIDDEN", "NOT_FOUND"],
});

export const reviewSubmission = defineRoute({
  operationId: "reviewSubmission",
  method: "post",
  path: `${RECORD}/review`,
  tag: TAG,
  summary: "Set a record's review state with the comment saying why; 'has issues' e-mails its collector",
  description: REVIEWERS,
  policy: "application.read",
  token: true,
  body: reviewDecisionSchema,
  response: reviewThreadSchema,
  errors: ["SUBMISSION_NOT_FOUND", "FORBIDDEN"],
});

export const getSubmissionComments = defineRoute({
  operationId: "getSubmissionComments",
  method: "get",
  path: `${RECORD}/comments`,
  tag: TAG,
  summary: "A record's review thread, oldest first, and its current review state",
  description: SEEN,
  policy: "application.read",
  token: true,
  response: reviewThreadSchema,
  errors: ["SUBMISSION_NOT_FOUND"],
});

export const addSubmissionComment = defineRoute({
  operationId: "addSubmissionComment",
  method: "post",
  path: `${RECORD}/comments`,
  tag: TAG,
  summary: "Add a comment to a record's review thread; answers the thread",
  description: `${SEEN} A token needs write access.`,
  policy: "application.read",
  token: true,
  body: reviewCommentSchema,
  response: reviewThreadSchema,
  status: 201,
  errors: ["SUBMISSION_NOT_FOUND", "FORBIDDEN"],
});

export const submissionContracts = [
  getSubmission,
  editSubmission,
  getSubmissionHistory,
  restoreSubmissionVersion,
  reviewSubmission,
  getSubmissionComments,
  addSubmissionComment,
];
