import { declareRoutes } from "../../openapi/route-declaration.ts";

export const submissionsApi = declareRoutes("Submissions", [
  { method: "get", path: "/api/applications/:id/submissions/:submissionId", summary: "Read applications submissions" },
  {
    method: "put",
    path: "/api/applications/:id/submissions/:submissionId",
    summary: "Replace applications submissions",
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
