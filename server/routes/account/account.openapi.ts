import { declareRoutes } from "../../openapi/route-declaration.ts";

export const accountApi = declareRoutes("Account", [
  {
    method: "get",
    path: "/api/auth/*",
    summary:
      "Authentication endpoints (better-auth): sign-in, sign-out, sessions, e-mail verification, password reset (GET)",
    public: true,
  },
  {
    method: "post",
    path: "/api/auth/*",
    summary:
      "Authentication endpoints (better-auth): sign-in, sign-out, sessions, e-mail verification, password reset (POST)",
    public: true,
  },
  { method: "post", path: "/api/account/register", summary: "Create or run account register", public: true },
  { method: "get", path: "/api/account/profile", summary: "Read account profile" },
  { method: "patch", path: "/api/account/profile", summary: "Update account profile" },
  { method: "delete", path: "/api/account", summary: "Delete account" },
  { method: "get", path: "/api/account/reset-token/:token", summary: "Read account reset token", public: true },
]);
