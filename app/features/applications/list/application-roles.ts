import type { AppSummary, ListedRole } from "../api/applications-api.ts";

/** The card menu follows the per-application role (spec 000 §6): owner and admins edit, only the owner deletes. */
export function cardActions(application: Pick<AppSummary, "role" | "entriesCount">) {
  const isAdmin = application.role === "owner" || application.role === "admin_invited";
  return {
    canEdit: isAdmin,
    canClearData: isAdmin && application.entriesCount > 0,
    canDelete: application.role === "owner",
  };
}

/** The installed phone list names two roles only: administrator (owner or admin) and data collector. */
export function installedRoleKey(role: ListedRole): "installed.roles.admin" | "installed.roles.collector" {
  return role === "collaborator" ? "installed.roles.collector" : "installed.roles.admin";
}
