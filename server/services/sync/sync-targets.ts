import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { listLiveFields, type FieldRow } from "../../db/queries/form-fields.ts";
import { listRetiredFieldIds } from "../../db/queries/submissions.ts";
import { logger } from "../../lib/logger.ts";
import { canRead, loadAccess } from "../../policies/application-access.ts";
import { FIELD_CONFIG_SCHEMAS, type FormLogicField } from "../../../shared/fields/field-config.ts";
import { isFieldType } from "../../../shared/fields/field-types.ts";
import { canCollect } from "../../../shared/permissions/permissions.ts";
import type { SyncReason } from "../../../shared/submissions/sync-schemas.ts";

/** An application a user may collect into, with the fields its records are checked against. */
export interface SyncTarget {
  applicationId: string;
  ownerId: string;
  /** Live fields in form order, with the names and nesting the form logic reads. */
  fields: FormLogicField[];
  /** Removed fields, plus live ones whose stored config no longer parses: their answers are kept unchecked. */
  retiredFieldIds: string[];
}

export type TargetLookup =
  { ok: true; target: SyncTarget } | { ok: false; reason: Extract<SyncReason, "application_not_found" | "forbidden"> };

/** A stored field as record validation sees it; null when its stored type or config is not valid any more. */
export function toValidatableField(
  row: Pick<FieldRow, "id" | "fieldType" | "config" | "name" | "parentName" | "label">,
): FormLogicField | null {
  if (!isFieldType(row.fieldType)) return null;
  const config = FIELD_CONFIG_SCHEMAS[row.fieldType].safeParse(row.config ?? {});
  if (!config.success) return null;
  // The schema was chosen by the same fieldType, so the pair is one member of the union.
  return {
    id: row.id,
    fieldType: row.fieldType,
    config: config.data,
    name: row.name,
    parentName: row.parentName,
    label: row.label,
  } as FormLogicField;
}

/**
 * Resolves whether the user may collect into the application. No access and no application answer alike
 * (application_not_found), so a record cannot probe for applications it may not see.
 */
export async function loadSyncTarget(
  db: Db,
  user: Pick<SessionUser, "id" | "isSuperAdmin">,
  applicationId: string,
): Promise<TargetLookup> {
  const access = await loadAccess(db, user, applicationId);
  if (!canRead(access)) return { ok: false, reason: "application_not_found" };
  if (!canCollect(access.permissions)) return { ok: false, reason: "forbidden" };
  const [rows, retiredFieldIds] = await Promise.all([
    listLiveFields(db, applicationId),
    listRetiredFieldIds(db, applicationId),
  ]);
  const fields: FormLogicField[] = [];
  for (const row of rows) {
    const field = toValidatableField(row);
    if (field) {
      fields.push(field);
    } else {
      logger.warn("stored field does not parse; its answers are accepted unchecked", {
        fieldId: row.id,
        applicationId,
      });
      retiredFieldIds.push(row.id);
    }
  }
  return { ok: true, target: { applicationId, ownerId: access.application.ownerId, fields, retiredFieldIds } };
}
