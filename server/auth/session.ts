import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../lib/api-error.ts";
import type { Auth } from "./auth.ts";
import { isSuperAdminEmail } from "./super-admin.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isSuperAdmin: boolean;
}

export interface AuthVariables {
  user: SessionUser | null;
  sessionId: string | null;
}

/**
 * Resolves the cookie session once per request; routes then call requireUser. A disabled account's session counts
 * as none (disabling deletes its sessions too; this covers one created in between).
 */
export function sessionMiddleware(
  auth: Auth,
  superAdminEmails: string[],
  isDisabled: (userId: string) => Promise<boolean>,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    const result = found && !(await isDisabled(found.user.id)) ? found : null;
    if (result) {
      const email = result.user.email.toLowerCase();
      c.set("user", {
        id: result.user.id,
        email,
        name: result.user.name,
        isSuperAdmin: isSuperAdminEmail(email, superAdminEmails),
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
