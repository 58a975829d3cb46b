import type { Context } from "hono";
import type { ErrorCode } from "../../shared/errors.ts";
import { ApiError } from "../lib/api-error.ts";
import { assertStorableJson, parseJsonText, readJsonText } from "../lib/validation.ts";
import type { Auth } from "./auth.ts";
import { PUBLIC_AUTH_ENDPOINTS } from "../../shared/accounts/auth-endpoints.ts";

/** better-auth's error codes → the catalogue, so the web handles one error shape for every endpoint. */
const CODE_MAP: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "INVALID_CREDENTIALS",
  USER_ALREADY_EXISTS: "EMAIL_ALREADY_REGISTERED",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "EMAIL_ALREADY_REGISTERED",
  INVALID_TOKEN: "INVALID_RESET_TOKEN",
  INVALID_PASSWORD: "CURRENT_PASSWORD_INCORRECT",
  PASSWORD_TOO_SHORT: "VALIDATION_FAILED",
  PASSWORD_TOO_LONG: "VALIDATION_FAILED",
  INVALID_EMAIL: "VALIDATION_FAILED",
  VALIDATION_ERROR: "VALIDATION_FAILED",
  INVALID_ORIGIN: "CSRF_REJECTED",
  MISSING_OR_NULL_ORIGIN: "CSRF_REJECTED",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "CSRF_REJECTED",
  SESSION_EXPIRED: "SESSION_EXPIRED",
  FAILED_TO_GET_SESSION: "UNAUTHENTICATED",
  ACCOUNT_DISABLED: "ACCOUNT_DISABLED",
};

const AUTH_BASE_PATH = "/api/auth";

function isPublicAuthEndpoint(method: string, path: string): boolean {
  const endpoints: readonly string[] =
    method === "POST" ? PUBLIC_AUTH_ENDPOINTS.POST : method === "GET" ? PUBLIC_AUTH_ENDPOINTS.GET : [];
  return path.startsWith(`${AUTH_BASE_PATH}/`) && endpoints.includes(path.slice(AUTH_BASE_PATH.length));
}

function codeFor(status: number, betterAuthCode: string | undefined): ErrorCode {
  if (betterAuthCode && CODE_MAP[betterAuthCode]) return CODE_MAP[betterAuthCode];
  if (status === 429) return "RATE_LIMITED";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 413) return "BODY_TOO_LARGE";
  if (status >= 500) return "INTERNAL";
  return "VALIDATION_FAILED";
}

/**
 * Forwards the public endpoints of /api/auth/* to better-auth after our own body checks (JSON only, size cap,
 * well-formed), and rewrites its error responses into the catalogue's shape.
 */
export function authHandler(auth: Auth) {
  return async (c: Context): Promise<Response> => {
    if (!isPublicAuthEndpoint(c.req.method, c.req.path)) throw new ApiError("NOT_FOUND", "Not found");
    let request = c.req.raw;
    if (c.req.method === "POST") {
      const text = await readJsonText(c);
      assertStorableJson(parseJsonText(text || "{}"));
      request = new Request(c.req.raw.url, { method: "POST", headers: c.req.raw.headers, body: text || "{}" });
    }
    const response = await auth.handler(request);
    if (response.status < 400) return response;
    let body: { code?: string; message?: string } = {};
    try {
      body = (await response.clone().json()) as typeof body;
    } catch {
      body = {};
    }
    const error = new ApiError(codeFor(response.status, body.code), body.message || undefined);
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    return new Response(JSON.stringify(error.toBody()), { status: error.status, headers });
  };
}
