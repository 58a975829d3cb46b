import type { SessionUser } from "../auth/session.ts";
import type { PermissionObject } from "../../shared/permissions/permissions.ts";

/** GET /api/me for a signed-out caller. */
export function presentAnonymousMe(): { user: null } {
  return { user: null };
}

/** GET /api/me (typed on the web as app/lib/me.ts). */
export function presentMe(user: SessionUser, permissions: PermissionObject) {
  return {
    user: { id: user.id, email: user.email, name: user.name },
    isSuperAdmin: user.isSuperAdmin,
    permissions,
  };
}
