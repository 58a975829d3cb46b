import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { touchApiTokenLastUsed } from "../db/queries/api-tokens.ts";
import type { RateLimitStore } from "../auth/rate-limit-store.ts";
import { isApiTokenRoute } from "../auth/api-token-routes.ts";
import { ApiError } from "../lib/api-error.ts";

/**
 * What a token-authenticated request passes after the session middleware: the token's rate limit (counted in the
 * database, so it holds across API processes; 429 with Retry-After), then the route allowlist (403 elsewhere). Its
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
    if (!isApiTokenRoute(c.req.method, c.req.path)) {
      throw new ApiError("API_TOKEN_NOT_ALLOWED", "API tokens are not accepted on this route; sign in instead");
    }
    await touchApiTokenLastUsed(db, token.id, new Date());
    return next();
  };
}
