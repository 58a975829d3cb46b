import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../lib/api-error.ts";
import type { Auth } from "./auth.ts";
import { isSuperAdminEmail } from "./super-admin.ts";
import type { ApiTokenScope } from "../../shared/integrations/api-tokens.ts";
import type { Db } from "../db/client.ts";
import { presentedApiToken, resolveApiToken } from "./api-token-auth.ts";

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
 * session. A disabled account's session or token counts as none (disabling deletes its sessions too; this covers one
 * created in between, and every token).
 */
export function sessionMiddleware(
  auth: Auth,
  db: Db,
  superAdminEmails: string[],
  isDisabled: (userId: string) => Promise<boolean>,
): MiddlewareHandler<{ Variables: AuthVariables }> {
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
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    const result = found && !(await isDisabled(found.user.id)) ? found : null;
    if (result) {
      const email = result.user.email.toLowerCase();
      c.set("user", {
        id: result.user.id,
        email,
        name: result.user.name,
        isSuperAdmin: isSuperAdminEmail(email, superAdminEmails),
        apiToken: null,
      });
      c.set("sessionId", result.session.id);
    } else {
      c.set("user", null);
      c.set("sessionId", null);
    }
    await next();
  };
}

export function requireUser(c: Context<{ Variables: AuthVariables }>): SessionUser {
  const user = c.get("user");
  if (!user) throw new ApiError("UNAUTHENTICATED", "Sign in required");
  return user;
}

/** The admin panel, blog admin and analytics dashboards: super admins only (SUPER_ADMIN_EMAILS), decided here. */
export function requireSuperAdmin(c: Context<{ Variables: AuthVariables }>): SessionUser {
  const user = requireUser(c);
  if (!user.isSuperAdmin) throw new ApiError("FORBIDDEN", "Super admins only");
  return user;
}
