import type { ApplicationCapabilities, AppPermissions, PermissionObject } from "./permissions.ts";

/**
 * GET /api/me/permissions: what the server decides for the caller, and only the caller (the /debug-permissions page).
 * Built from the same policy the routes enforce; the session token never appears.
 */
export interface PermissionReport {
  user: { id: string; email: string; name: string };
  session: { createdAt: string; expiresAt: string } | null;
  permissions: PermissionObject;
  applications: {
    id: string;
    name: string;
    ownerId: string;
    permissions: AppPermissions;
    capabilities: ApplicationCapabilities;
  }[];
}
