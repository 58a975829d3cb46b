import type { AuditLogRow } from "../db/queries/audit-log.ts";
import type { AuditKind } from "../../shared/audit/audit-kinds.ts";
import type { ChangeLogEntry } from "../../shared/audit/change-log-dtos.ts";

/** One entry of GET /api/change-log: the stored copies of names, so it reads right after a deletion. */
export function presentChangeLogEntry(row: AuditLogRow): ChangeLogEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorUserId || row.actorEmail ? { id: row.actorUserId, email: row.actorEmail } : null,
    application: row.applicationId ? { id: row.applicationId, name: row.applicationName } : null,
    kind: row.kind as AuditKind,
    target: row.target,
    before: row.before,
    after: row.after,
  };
}
