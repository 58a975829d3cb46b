import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { findSessionTimes } from "../../db/queries/sessions.ts";
import type { PermissionReport } from "../../../shared/permissions/permission-report.ts";
import { listApplications } from "../applications/list-applications.ts";
import { permissionsFor } from "./global-permissions.ts";

/**
 * The caller's permissions as the server enforces them: the account-wide object (global-permissions) and, per
 * application the caller owns or belongs to, the role and capabilities application-access decides.
 */
export async function permissionReport(db: Db, user: SessionUser, sessionId: string | null): Promise<PermissionReport> {
  const [permissions, listed, session] = await Promise.all([
    permissionsFor(db, user),
    listApplications(db, user),
    sessionId ? findSessionTimes(db, sessionId) : undefined,
  ]);
  return {
    user: { id: user.id, email: user.email, name: user.name },
    session: session
      ? { createdAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() }
      : null,
    permissions,
    applications: listed.map(({ application, access, capabilities }) => ({
      id: application.id,
      name: application.name,
      ownerId: application.ownerId,
      permissions: { ...access.permissions },
      capabilities,
    })),
  };
}
