import type { ApplicationRow } from "../../db/queries/applications.ts";
import type { FieldRow } from "../../db/queries/form-fields.ts";
import { changedKeys, type AuditChange } from "./record-audit.ts";

/** The application columns an administrator changes, as the log shows them (the settings blob included). */
function applicationFacts(row: ApplicationRow): Record<string, unknown> {
  return {
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    visibility: row.visibility,
    active: row.active,
    settings: row.settings,
  };
}

/** The part of a field an administrator designs; its position alone is left out (a reorder is not a change of it). */
function fieldFacts(field: Pick<FieldRow, "label" | "fieldType" | "category" | "config">): Record<string, unknown> {
  return { label: field.label, fieldType: field.fieldType, category: field.category, config: field.config };
}

function about(application: ApplicationRow) {
  return { ownerId: application.ownerId, application: { id: application.id, name: application.name } };
}

export function applicationCreated(application: ApplicationRow, fields: FieldRow[]): AuditChange[] {
  return [
    {
      kind: "application.created",
      ...about(application),
      target: application.id,
      after: { ...applicationFacts(application), fields: fields.map((field) => field.label) },
    },
  ];
}

export function applicationDeleted(application: ApplicationRow): AuditChange {
  return {
    kind: "application.deleted",
    ...about(application),
    target: application.id,
    before: applicationFacts(application),
  };
}

/** One entry for the application's own columns (when any changed) and one per field added, changed or removed. */
export function applicationUpdated(
  before: ApplicationRow,
  after: ApplicationRow,
  fieldsBefore: FieldRow[],
  fieldsAfter: FieldRow[],
): AuditChange[] {
  const changes: AuditChange[] = [];
  const columns = changedKeys(applicationFacts(before), applicationFacts(after));
  if (columns) changes.push({ kind: "application.updated", ...about(after), target: after.id, ...columns });
  const beforeById = new Map(fieldsBefore.map((field) => [field.id, field]));
  const afterIds = new Set(fieldsAfter.map((field) => field.id));
  for (const field of fieldsAfter) {
    const old = beforeById.get(field.id);
    if (!old) {
      changes.push({ kind: "field.added", ...about(after), target: field.id, after: fieldFacts(field) });
      continue;
    }
    const diff = changedKeys(fieldFacts(old), fieldFacts(field));
    if (diff) changes.push({ kind: "field.updated", ...about(after), target: field.id, ...diff });
  }
  for (const field of fieldsBefore) {
    if (!afterIds.has(field.id))
      changes.push({ kind: "field.removed", ...about(after), target: field.id, before: fieldFacts(field) });
  }
  return changes;
}
