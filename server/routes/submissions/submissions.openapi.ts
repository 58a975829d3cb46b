import { declareRoutes } from "../../openapi/route-declaration.ts";
import { submissionResponseSchema } from "../../../shared/applications/application-response-schemas.ts";
import { recordHistorySchema, reviewThreadSchema } from "../../../shared/records/record-response-schemas.ts";
import { reviewCommentSchema, reviewDecisionSchema } from "../../../shared/records/record-review.ts";
import { submissionEditSchema } from "./schema.ts";

export const submissionsApi = declareRoutes("Submissions", [
  {
    method: "get",
    path: "/api/applications/:id/submissions/:submissionId",
    summary: "Read one record with its form version and review state",
    response: submissionResponseSchema,
  },
  {
    method: "put",
    path: "/api/applications/:id/submissions/:submissionId",
    summary: "Edit a record's answers (its submitter; checked against the current form, which it then moves to)",
    body: submissionEditSchema,
    response: submissionResponseSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/submissions/:submissionId/history",
    summary: "Every state of a record, oldest first, with who made it, when, and what changed",
    response: recordHistorySchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/submissions/:submissionId/history/:versionId/restore",
    summary: "Restore an earlier state of a record as its newest one; answers the history",
    description: "Reviewers only (application administrators).",
    response: recordHistorySchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/submissions/:submissionId/review",
    summary: "Set a record's review state with the comment saying why; 'has issues' e-mails its collector",
    description: "Reviewers only (application administrators).",
    body: reviewDecisionSchema,
    response: reviewThreadSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/submissions/:submissionId/comments",
    summary: "A record's review thread, oldest first, and its current review state",
    response: reviewThreadSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/submissions/:submissionId/comments",
    summary: "Add a comment to a record's review thread; answers the thread",
    body: reviewCommentSchema,
    response: reviewThreadSchema,
    status: 201,
  },
]);
