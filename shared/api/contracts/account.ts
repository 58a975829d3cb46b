import { defineRoute } from "../route-contract.ts";
import { PUBLIC_AUTH_ENDPOINTS } from "../../accounts/auth-endpoints.ts";
import { profileUpdateSchema, registrationRequestSchema } from "../../accounts/registration-schema.ts";
import { deleteAccountSchema } from "../../accounts/credentials-schemas.ts";
import { profileResponseSchema, resetTokenSchema } from "../../accounts/account-response-schemas.ts";
import { createApiTokenSchema } from "../../integrations/api-tokens.ts";
import { apiTokenListSchema, createdApiTokenResponseSchema } from "../../integrations/integration-response-schemas.ts";

const TAG = "Account";
const TOKENS_TAG = "API tokens";
const AUTH =
  "better-auth's own endpoints (server/auth/auth-handler.ts answers them, not a contract handler), answered as " +
  `better-auth documents them: POST ${PUBLIC_AUTH_ENDPOINTS.POST.join(", ")}; ` +
  `GET ${PUBLIC_AUTH_ENDPOINTS.GET.join(", ")}. Any other path answers 404. Rate limited.`;

export const authGet = defineRoute({
  operationId: "authGet",
  method: "get",
  path: "/api/auth/*",
  tag: TAG,
  summary:
    "Authentication endpoints (better-auth): sign-in, sign-out, sessions, e-mail verification, password reset (GET)",
  description: AUTH,
  policy: "public",
  token: true,
  media: ["application/json"],
  errors: ["NOT_FOUND", "RATE_LIMITED", "INVALID_RESET_TOKEN"],
});

export const authPost = defineRoute({
  operationId: "authPost",
  method: "post",
  path: "/api/auth/*",
  tag: TAG,
  summary:
    "Authentication endpoints (better-auth): sign-in, sign-out, sessions, e-mail verification, password reset (POST)",
  description: AUTH,
  policy: "public",
  token: true,
  media: ["application/json"],
  errors: [
    "NOT_FOUND",
    "RATE_LIMITED",
    "INVALID_CREDENTIALS",
    "INVALID_RESET_TOKEN",
    "CURRENT_PASSWORD_INCORRECT",
    "CSRF_REJECTED",
    "ACCOUNT_DISABLED",
  ],
});

export const registerAccount = defineRoute({
  operationId: "registerAccount",
  method: "post",
  path: "/api/account/register",
  tag: TAG,
  summary: "Create an account with the register wizard's four steps; signs the new user in (session cookie)",
  description: "Rate limited per client address.",
  policy: "public",
  token: true,
  body: registrationRequestSchema,
  response: profileResponseSchema,
  status: 201,
  errors: ["RATE_LIMITED", "EMAIL_ALREADY_REGISTERED"],
});

export const getProfile = defineRoute({
  operationId: "getProfile",
  method: "get",
  path: "/api/account/profile",
  tag: TAG,
  summary: "The caller's profile",
  policy: "signedIn",
  token: false,
  response: profileResponseSchema,
  errors: ["NOT_FOUND"],
});

export const updateProfile = defineRoute({
  operationId: "updateProfile",
  method: "patch",
  path: "/api/account/profile",
  tag: TAG,
  summary: "Change the caller's profile (name, phone, address, company, language)",
  policy: "signedIn",
  token: false,
  body: profileUpdateSchema,
  response: profileResponseSchema,
  errors: ["NOT_FOUND"],
});

export const deleteAccount = defineRoute({
  operationId: "deleteAccount",
  method: "delete",
  path: "/api/account",
  tag: TAG,
  summary: "Delete the caller's account, its applications and records (confirmed with the password)",
  policy: "signedIn",
  token: false,
  body: deleteAccountSchema,
  status: 204,
  errors: ["CURRENT_PASSWORD_INCORRECT"],
});

export const checkResetToken = defineRoute({
  operationId: "checkResetToken",
  method: "get",
  path: "/api/account/reset-token/:token",
  tag: TAG,
  summary: "Whether a password-reset link still works, and for which address",
  policy: "public",
  token: true,
  response: resetTokenSchema,
  errors: [],
});

export const listApiTokens = defineRoute({
  operationId: "listApiTokens",
  method: "get",
  path: "/api/account/tokens",
  tag: TOKENS_TAG,
  summary: "List your API tokens (never their secrets)",
  policy: "signedIn",
  token: false,
  response: apiTokenListSchema,
  errors: [],
});

export const createApiToken = defineRoute({
  operationId: "createApiToken",
  method: "post",
  path: "/api/account/tokens",
  tag: TOKENS_TAG,
  summary: "Create an API token; the answer holds its secret, once",
  policy: "signedIn",
  token: false,
  body: createApiTokenSchema,
  response: createdApiTokenResponseSchema,
  status: 201,
  errors: ["APPLICATION_NOT_FOUND", "API_TOKEN_SCOPE_FORBIDDEN"],
});

export const revokeAllApiTokens = defineRoute({
  operationId: "revokeAllApiTokens",
  method: "delete",
  path: "/api/account/tokens",
  tag: TOKENS_TAG,
  summary: "Revoke all your API tokens at once",
  policy: "signedIn",
  token: false,
  status: 204,
  errors: [],
});

export const revokeApiToken = defineRoute({
  operationId: "revokeApiToken",
  method: "delete",
  path: "/api/account/tokens/:id",
  tag: TOKENS_TAG,
  summary: "Revoke an API token at once",
  policy: "signedIn",
  token: false,
  status: 204,
  errors: ["API_TOKEN_NOT_FOUND"],
});

export const accountContracts = [
  authGet,
  authPost,
  registerAccount,
  getProfile,
  updateProfile,
  deleteAccount,
  checkResetToken,
  listApiTokens,
  createApiToken,
  revokeAllApiTokens,
  revokeApiToken,
];
