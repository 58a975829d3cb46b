import type { MiddlewareHandler } from "hono";
import { ApiError } from "../lib/api-error.ts";
import { presentedApiToken } from "../auth/api-token-auth.ts";
import { isSafeMethod } from "../http/safe-methods.ts";

/**
 * Cookie-authenticated writes must come from our own pages. Browsers always send Origin (and Sec-Fetch-Site) on
 * cross-site POSTs, so a foreign or cross-site origin is refused; clients without cookies (scripts, tests) send
 * neither and are not a CSRF vector. SameSite=Lax cookies are the second line. A request that carries an API token
 * and no cookie is authenticated by a secret a forging page cannot know, so any Origin may send it (scripts, other
 * web apps); the token then decides alone (server/auth/session.ts).
 */
export function csrfProtection(trustedOrigins: () => string[]): MiddlewareHandler {
  return async (c, next) => {
    const tokenOnly = presentedApiToken(c.req.header("authorization")) !== null && !c.req.header("cookie");
    if (!isSafeMethod(c.req.method) && !tokenOnly) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if (site === "cross-site" || (origin && origin !== "null" && !trustedOrigins().includes(origin))) {
        throw new ApiError("CSRF_REJECTED", "Cross-site request refused");
      }
      if (origin === "null") throw new ApiError("CSRF_REJECTED", "Opaque origin refused");
    }
    await next();
  };
}
