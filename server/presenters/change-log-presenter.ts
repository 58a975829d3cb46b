import type { AuditLogRow } from "../db/queries/audit-log.ts";
import type { FieldRow } from "../db/queries/form-fields.ts";
import type { AuditKind } from "../../shared/audit/audit-kinds.ts";
import type { ChangeLogEntry, ChangeLogField } from "../../shared/audit/change-log-dtos.ts";
import { fieldText } from "../../shared/forms/index.ts";
import { LANGUAGES, type Language } from "../../shared/i18n/languages.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function keysOf(value: unknown): string[] {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

/** The field ids a record entry's answers are keyed by (other entries' properties are not fields). */
export function answerFieldIds(row: Pick<AuditLogRow, "kind" | "before" | "after">): string[] {
  if (!row.kind.startsWith("record.")) return [];
  return [...new Set([...keysOf(row.before), ...keysOf(row.after)])].filter((key) => UUID_PATTERN.test(key));
}

function presentField(field: FieldRow): ChangeLogField {
  const labels = Object.fromEntries(
    LANGUAGES.map((language) => [language, fieldText(field, language).label.trim() || field.name]),
  ) as Record<Language, string>;
  return { id: field.id, labels, removed: field.deletedAt !== null };
}

/**
 * One entry of GET /api/change-log: the stored copies of names, so it reads right after a deletion, and the fields
 * its answers name as the form has them now (`fields`: the ones found in the entry's application).
 */
export function presentChangeLogEntry(row: AuditLogRow, fields: ReadonlyMap<string, FieldRow>): ChangeLogEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorUserId || row.actorEmail ? { id: row.actorUserId, email: row.actorEmail } : null,
    application: row.applicationId ? { id: row.applicationId, name: row.applicationName } : null,
    kind: row.kind as AuditKind,
    target: row.target,
    before: row.before,
    after: row.after,
    fields: answerFieldIds(row).flatMap((id) => {
      const field = fields.get(id);
      return field && field.applicationId === row.applicationId ? [presentField(field)] : [];
    }),
  };
}
