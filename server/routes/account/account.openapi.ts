import { profileUpdateSchema, registrationRequestSchema } from "../../../shared/accounts/registration-schema.ts";
import { deleteAccountSchema } from "../../../shared/accounts/credentials-schemas.ts";
import { profileResponseSchema, resetTokenSchema } from "../../../shared/accounts/account-response-schemas.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import { PUBLIC_AUTH_ENDPOINTS } from "../../auth/auth-handler.ts";

const AUTH =
  "better-auth's own endpoints, answered as better-auth documents them: " +
  `POST ${PUBLIC_AUTH_ENDPOINTS.POST.join(", ")}; GET ${PUBLIC_AUTH_ENDPOINTS.GET.join(", ")}. ` +
  "Any other path answers 404. Rate limited.";

export const accountApi = declareRoutes("Account", [
  {
    method: "get",
    path: "/api/auth/*",
    summary:
      "Authentication endpoints (better-auth): sign-in, sign-out, sessions, e-mail verification, password reset (GET)",
    description: AUTH,
    media: ["application/json"],
    public: true,
  },
  {
    method: "post",
    path: "/api/auth/*",
    summary:
      "Authentication endpoints (better-auth): sign-in, sign-out, sessions, e-mail verification, password reset (POST)",
    description: AUTH,
    media: ["application/json"],
    public: true,
  },
  {
    method: "post",
    path: "/api/account/register",
    summary: "Create an account with the register wizard's four steps; signs the new user in (session cookie)",
    description: "Rate limited per client address.",
    body: registrationRequestSchema,
    response: profileResponseSchema,
    status: 201,
    public: true,
  },
  { method: "get", path: "/api/account/profile", summary: "The caller's profile", response: profileResponseSchema },
  {
    method: "patch",
    path: "/api/account/profile",
    summary: "Change the caller's profile (name, phone, address, company, language)",
    body: profileUpdateSchema,
    response: profileResponseSchema,
  },
  {
    method: "delete",
    path: "/api/account",
    summary: "Delete the caller's account, its applications and records (confirmed with the password)",
    body: deleteAccountSchema,
    status: 204,
  },
  {
    method: "get",
    path: "/api/account/reset-token/:token",
    summary: "Whether a password-reset link still works, and for which address",
    response: resetTokenSchema,
    public: true,
  },
]);
