import type { PermissionObject } from "../../shared/permissions/permissions.ts";

/** GET /api/me: the signed-in user as the server sees them. */
export interface Me {
  user: { id: string; email: string; name: string };
  isSuperAdmin: boolean;
  permissions: PermissionObject;
}
