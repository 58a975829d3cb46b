import { declareRoutes } from "../../openapi/route-declaration.ts";

export const adminApi = declareRoutes("Admin", [
  { method: "get", path: "/api/admin/users", summary: "Read admin users" },
  { method: "get", path: "/api/admin/users/:id", summary: "Read admin users" },
  { method: "put", path: "/api/admin/users/:id/limits", summary: "Replace admin users limits" },
  { method: "patch", path: "/api/admin/users/:id/status", summary: "Update admin users status" },
  {
    method: "post",
    path: "/api/admin/users/:id/verification-email",
    summary: "Create or run admin users verification email",
  },
  { method: "post", path: "/api/admin/users/:id/password-reset", summary: "Create or run admin users password reset" },
  { method: "get", path: "/api/admin/applications", summary: "Read admin applications" },
  { method: "get", path: "/api/admin/revenue", summary: "Read admin revenue" },
  { method: "get", path: "/api/admin/messages", summary: "Read admin messages" },
  { method: "get", path: "/api/admin/messages/:kind/:id", summary: "Read admin messages" },
  { method: "patch", path: "/api/admin/messages/:kind/:id", summary: "Update admin messages" },
  { method: "post", path: "/api/admin/messages/:kind/:id/replies", summary: "Create or run admin messages replies" },
]);
