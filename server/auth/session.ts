import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../lib/api-error.ts";
import type { Auth } from "./auth.ts";
import { isSuperAdminEmail } from "./super-admin.ts";
import type { ApiTokenScope } from "../../shared/integrations/api-tokens.ts";
import type { Db } from "../db/client.ts";
import { presentedApiToken, resolveApiToken } from "./api-token-auth.ts";
import { freshSession } from "./session-fast-path.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isSuperAdmin: boolean;
  /** Set when the request authenticated with an API token instead of a session: the token's id and scopes. */
  apiToken: { id: string; scopes: ApiTokenScope[] } | null;
}

export interface AuthVariables {
  user: SessionUser | null;
  sessionId: string | null;
}

/**
 * Resolves the caller once per request; routes then call requireUser. An `Authorization` header with an API token
 * decides alone (an unknown, revoked or expired token is no one, never a fallback to the cookie); otherwise the cookie
 * session (see freshSession: one query for most requests). A disabled account's session or token counts as none
 * (disabling deletes its sessions too; this covers one created in between, and every token).
 */
export function sessionMiddleware(
  auth: Auth,
  db: Db,
  superAdminEmails: string[],
  isDisabled: (userId: string) => Promise<boolean>,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  const sessionCookie = auth.$context.then((context) => ({
    name: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  }));
  return async (c, next) => {
    const token = presentedApiToken(c.req.header("authorization"));
    if (token !== null) {
      const identity = await resolveApiToken(db, token);
      const usable = identity && !(await isDisabled(identity.user.id)) ? identity : null;
      const email = usable?.user.email.toLowerCase();
      c.set(
        "user",
        usable && email
          ? {
              id: usable.user.id,
              email,
              name: usable.user.name,
              isSuperAdmin: isSuperAdminEmail(email, superAdminEmails),
              apiToken: { id: usable.tokenId, scopes: usable.scopes },
            }
          : null,
      );
      c.set("sessionId", null);
      await next();
      return;
    }
    const cookie = await sessionCookie;
    // No session cookie, no session: anonymous requests (public links' visitors above all) skip better-auth's own
    // lookup, which costs them more CPU than their routing.
    const found =
      getCookie(c, cookie.name) === undefined
        ? null
        : ((await freshSession(c, db, cookie)) ?? (await renewedSession(auth, c, isDisabled)));
    if (found && !found.disabled) {
      const email = found.user.email.toLowerCase();
      c.set("user", {
        id: found.user.id,
        email,
        name: found.user.name,
        isSuperAdmin: isSuperAdminEmail(email, superAdminEmails),
        apiToken: null,
      });
      c.set("sessionId", found.sessionId);
    } else {
      c.set("user", null);
      c.set("sessionId", null);
    }
    await next();
  };
}

/** better-auth's own lookup, for sessions the fast path leaves to it (renewal due, expired, unknown). */
async function renewedSession(
  auth: Auth,
  c: Context,
  isDisabled: (userId: string) => Promise<boolean>,
): Promise<{ user: { id: string; email: string; name: string }; sessionId: string; disabled: boolean } | null> {
  const found = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!found) return null;
  return { user: found.user, sessionId: found.session.id, disabled: await isDisabled(found.user.id) };
}

export function requireUser(c: Context<{ Variables: AuthVariables }>): SessionUser {
  const user = c.get("user");
  if (!user) throw new ApiError("UNAUTHENTICATED", "Sign in required");
  return user;
}
