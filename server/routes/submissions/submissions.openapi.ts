import { declareRoutes } from "../../openapi/route-declaration.ts";
import { submissionResponseSchema } from "../../../shared/applications/application-response-schemas.ts";
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
    summary: "Read applications submissions history",
  },
  {
    method: "post",
    path: "/api/applications/:id/submissions/:submissionId/history/:versionId/restore",
    summary: "Create or run applications submissions history restore",
  },
  {
    method: "post",
    path: "/api/applications/:id/submissions/:submissionId/review",
    summary: "Create or run applications submissions review",
  },
  {
    method: "get",
    path: "/api/applications/:id/submissions/:submissionId/comments",
    summary: "Read applications submissions comments",
  },
  {
    method: "post",
    path: "/api/applications/:id/submissions/:submissionId/comments",
    summary: "Create or run applications submissions comments",
  },
]);
