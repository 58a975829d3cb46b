import type { Db } from "../../db/client.ts";
import { listRecordFields, type RecordQuery } from "../../db/queries/records.ts";
import { ApiError } from "../../lib/api-error.ts";
import { submitterScope, type ReadableAccess } from "../../policies/application-access.ts";
import type { RecordField } from "../../../shared/records/answer-format.ts";
import { recordLayout } from "../../../shared/records/record-layout.ts";
import { filterKindOf, parseRecordFilter, type FilterIssue } from "../../../shared/records/record-filter.ts";

export interface ResolvedRecordQuery {
  query: RecordQuery;
  /** The application's readable fields: live ones in form order, then removed ones that still hold answers. */
  fields: RecordField[];
}

export async function loadRecordFields(db: Db, applicationId: string): Promise<RecordField[]> {
  const rows = await listRecordFields(db, applicationId);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    name: row.name,
    parentName: row.parentName,
    fieldType: row.fieldType,
    config: row.config ?? {},
    removed: row.removed,
  }));
}

/**
 * The reader's records query: the shared filter from the request's search parameters, checked against the
 * application's fields, and the reader's scope (collaborators only ever see their own records, whatever they ask).
 */
export async function resolveRecordQuery(
  db: Db,
  access: ReadableAccess,
  params: URLSearchParams,
): Promise<ResolvedRecordQuery> {
  const fields = await loadRecordFields(db, access.application.id);
  const { filter, fieldTypes } = parseFilterFor(params, fields);
  return {
    query: { scope: { applicationId: access.application.id, submitterId: submitterScope(access) }, filter, fieldTypes },
    fields,
  };
}

/** The shared filter from search parameters, its per-field conditions checked against these fields (none: none allowed). */
export function parseFilterFor(
  params: URLSearchParams,
  fields: readonly RecordField[],
): Pick<RecordQuery, "filter" | "fieldTypes"> {
  const parsed = parseRecordFilter(params);
  if (!parsed.ok) throw new ApiError("VALIDATION_FAILED", "Invalid filter", parsed.issues);
  // Only answers at the top level are filtered: a repeat's fields answer inside its entries.
  const fieldTypes = new Map(recordLayout(fields).answered.map((field) => [field.id, field.fieldType]));
  const issues: FilterIssue[] = [];
  for (const [fieldId, condition] of Object.entries(parsed.filter.fields)) {
    const kind = filterKindOf(fieldTypes.get(fieldId) ?? "");
    const fits =
      kind !== null &&
      (condition.kind === "range"
        ? kind === "number"
        : kind !== "number" && (kind !== "yes_no" || condition.value === "true" || condition.value === "false"));
    if (!fits)
      issues.push({ param: `f.${fieldId}`, message: "No filterable field with this id and kind of condition" });
  }
  if (issues.length) throw new ApiError("VALIDATION_FAILED", "Invalid filter", issues);
  return { filter: parsed.filter, fieldTypes };
}
