import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import type { AppRole } from "../../../../shared/permissions/permissions.ts";

/**
 * The card menu offers what the server's capabilities for this application allow (spec 000 §5–6): the role, the
 * super admin and the owner's plan are the server's to weigh, so the card never offers what the server refuses.
 * 'Limpar dados' also needs records to clear. A list cached before capabilities were sent offers nothing.
 */
export function cardActions(application: Partial<Pick<ApplicationSummary, "capabilities">> & { entriesCount: number }) {
  const capabilities = application.capabilities;
  return {
    canEdit: capabilities?.canEdit === true,
    canClearData: capabilities?.canClearData === true && application.entriesCount > 0,
    canDelete: capabilities?.canDelete === true,
  };
}

/** The installed phone list names two roles only: administrator (owner or admin) and data collector. */
export function installedRoleKey(role: AppRole): "installed.roles.admin" | "installed.roles.collector" {
  return role === "collaborator" ? "installed.roles.collector" : "installed.roles.admin";
}
