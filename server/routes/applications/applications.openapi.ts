import { declareRoutes } from "../../openapi/route-declaration.ts";

export const applicationsApi = declareRoutes("Applications", [
  { method: "get", path: "/api/applications", summary: "Read applications" },
  { method: "post", path: "/api/applications", summary: "Create or run applications" },
  { method: "get", path: "/api/applications/:id", summary: "Read applications" },
  { method: "put", path: "/api/applications/:id", summary: "Replace applications" },
  { method: "get", path: "/api/applications/:id/versions", summary: "Read applications versions" },
  { method: "delete", path: "/api/applications/:id", summary: "Delete applications" },
  { method: "delete", path: "/api/applications/:id/submissions", summary: "Delete applications submissions" },
]);
