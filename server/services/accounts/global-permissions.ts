import type { Db } from "../../db/client.ts";
import type { SessionUser } from "../../auth/session.ts";
import { loadGlobalRoleFacts } from "../../db/queries/application-roles.ts";
import { globalPermissions, type PermissionObject } from "../../../shared/permissions/permissions.ts";

/** The account-wide permission object of spec 000 §6, computed on the server from the user's roles. */
export async function permissionsFor(db: Db, user: SessionUser): Promise<PermissionObject> {
  return globalPermissions({ isSuperAdmin: user.isSuperAdmin, ...(await loadGlobalRoleFacts(db, user)) });
}
