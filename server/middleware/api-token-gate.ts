import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { touchApiTokenLastUsed } from "../db/queries/api-tokens.ts";
import type { RateLimitStore } from "../auth/rate-limit-store.ts";
import { ApiError } from "../lib/api-error.ts";
import { routePattern } from "../openapi/route-paths.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";

/** The routes that admit a token: public ones (a token changes nothing there) and those whose contract says so. */
const TOKEN_ROUTES = API_CONTRACTS.filter((route) => route.policy === "public" || route.token).map((route) => ({
  method: route.method.toUpperCase(),
  path: routePattern(route.path),
}));

/** Whether a route that admits tokens answers this request (HEAD is a GET); mountRoute decides again, exactly. */
function admitsToken(method: string, path: string): boolean {
  const asked = method === "HEAD" ? "GET" : method;
  return TOKEN_ROUTES.some((route) => route.method === asked && route.path.test(path));
}

/**
 * What a token-authenticated request passes after the session middleware: the token's rate limit (counted in the
 * database, so it holds across API processes; 429 with Retry-After), then the routes whose contract admits a token
 * (403 elsewhere, and on every path no route answers). Its
 * use is recorded at most once a minute. Session requests pass untouched.
 */
export function apiTokenGate(db: Db, rateLimits: RateLimitStore, requestsPerMinute: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.get("user")?.apiToken;
    if (!token) return next();
    const limit = await rateLimits.consume(`api-token:${token.id}`, { window: 60, max: requestsPerMinute });
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many requests with this token, try again later");
    }
    if (!admitsToken(c.req.method, c.req.path)) {
      throw new ApiError("API_TOKEN_NOT_ALLOWED", "API tokens are not accepted on this route; sign in instead");
    }
    await touchApiTokenLastUsed(db, token.id, new Date());
    return next();
  };
}
