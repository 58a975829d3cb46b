import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { z } from "zod";
import {
  findCollectTarget,
  type BatchAnswers,
  type BatchQuestions,
  type CollectTargetRow,
} from "../../db/queries/collect-target.ts";
import { findFormVersions } from "../../db/queries/form-versions.ts";
import type { EntityAction } from "../../../shared/entities/entity-schemas.ts";
import { logger } from "../../lib/logger.ts";
import { compileFields, heldFields } from "./compiled-fields.ts";
import { toValidatableField } from "./validatable-field.ts";
import { loadVersionTables, versionTablesOf } from "../form-files/version-tables.ts";
import { loadEntityListTable } from "../entities/entity-list-table.ts";
import { withEntityList, type EntityListTable } from "../../../shared/entities/entity-table.ts";
import { accessFor, canRead, isApplicationId, mayCollect, noAccess } from "../../policies/application-access.ts";
import type { FormTables } from "../../../shared/expressions/index.ts";
import type { FormLogicField } from "../../../shared/fields/field-config.ts";
import { FIELD_TYPES } from "../../../shared/fields/field-types.ts";
import type { SyncReason } from "../../../shared/submissions/sync-schemas.ts";
import type { OwnerPlanRows } from "../../db/queries/usage.ts";

/** The fields a record is checked against. */
export interface RecordForm {
  /** In form order, with the names and nesting the form logic reads. */
  fields: FormLogicField[];
  /** Removed fields, plus ones whose stored config no longer parses: their answers are kept unchecked. */
  retiredFieldIds: string[];
  /** The attached tables of the form's version (choice lists from files, `pulldata()`, `instance()`). */
  tables: FormTables;
}

/** An application a user may collect into; its own form is the current version's (the live fields). */
export interface SyncTarget extends RecordForm {
  applicationId: string;
  ownerId: string;
  /** The form's current version. */
  formVersion: number;
  /** A webhook endpoint listens to record.created. */
  notifiesCreated: boolean;
  /** What the form's records do to an entity list, applied as they are stored. */
  entityAction: EntityAction | null;
  /** The entity list as the form's expressions read it (every version's tables include it). */
  entityList: EntityListTable | undefined;
  /** The owner's plan as read with the application: the batch's record cap comes from it. */
  ownerPlan: OwnerPlanRows;
}

export type RecordFormLookup =
  { ok: true; version: number; form: RecordForm } | { ok: false; reason: Extract<SyncReason, "unknown_form_version"> };

export type TargetLookup = (
  { ok: true; target: SyncTarget } | { ok: false; reason: Extract<SyncReason, "application_not_found" | "forbidden"> }
) & {
  /** The batch's questions answered with the lookup; absent when it did not reach the database or found no application. */
  batch?: BatchAnswers;
};

/**
 * Resolves whether the user may collect into the application. No access and no application answer alike
 * (application_not_found), so a record cannot probe for applications it may not see. `answeredIds`: the id-shaped
 * answers of the records to check, the entities a form that looks entities up by id may read (entity-list-table.ts).
 * `questions`: the batch's own, asked in the same round trip (BatchQuestions).
 */
export async function loadSyncTarget(
  db: Db,
  user: Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken">,
  applicationId: string,
  answeredIds: ReadonlySet<string>,
  questions?: BatchQuestions,
): Promise<TargetLookup> {
  if (!isApplicationId(applicationId)) return { ok: false, reason: "application_not_found" };
  const held = heldFields(applicationId);
  const found = await findCollectTarget(db, applicationId, user.id, held?.hash, questions);
  const access = found ? accessFor(user, found.application, found.roles) : noAccess(user, applicationId);
  if (!found) return { ok: false, reason: "application_not_found" };
  const { batch } = found;
  if (!canRead(access)) return { ok: false, reason: "application_not_found", batch };
  if (!mayCollect(access)) return { ok: false, reason: "forbidden", batch };
  return { ok: true, target: await syncTargetOf(db, found, held, answeredIds), batch };
}

/** Nobody's id: a public link's visitor has no role anywhere, the link alone names the one application they reach. */
const NO_USER = "00000000-0000-0000-0000-000000000000";

/**
 * The target of a record sent through a public link: only the link's own application; any other id answers
 * application_not_found, as for a stranger, so a link cannot probe for other applications.
 */
export async function loadLinkSyncTarget(
  db: Db,
  linkApplicationId: string,
  applicationId: string,
  answeredIds: ReadonlySet<string>,
  questions?: BatchQuestions,
): Promise<TargetLookup> {
  if (applicationId !== linkApplicationId) return { ok: false, reason: "application_not_found" };
  const held = heldFields(applicationId);
  const found = await findCollectTarget(db, applicationId, NO_USER, held?.hash, questions);
  if (!found) return { ok: false, reason: "application_not_found" };
  return { ok: true, target: await syncTargetOf(db, found, held, answeredIds), batch: found.batch };
}

async function syncTargetOf(
  db: Db,
  found: CollectTargetRow,
  held: ReturnType<typeof heldFields>,
  answeredIds: ReadonlySet<string>,
): Promise<SyncTarget> {
  const applicationId = found.application.id;
  // No rows: they hash to what this process holds (the lookup sent that hash).
  const { fields, retiredFieldIds } =
    found.fields === null && held ? held.compiled : compileFields(applicationId, found.fieldsHash, found.fields ?? []);
  const { ownerId, formVersion } = found.application;
  const { entityAction, ownerPlan } = found;
  const entityList = await loadEntityListTable(db, entityAction, fields, answeredIds);
  return {
    applicationId,
    ownerId,
    formVersion,
    fields,
    retiredFieldIds,
    tables: withEntityList(await versionTablesOf(db, found.versionFiles), entityList),
    notifiesCreated: found.notifiesCreated,
    entityAction,
    entityList,
    ownerPlan,
  };
}

/** A field of a version's snapshot (presentField's shape); anything else in the snapshot is left unchecked. */
const snapshotIdSchema = z.object({ id: z.string() });
const snapshotFieldSchema = z.object({
  id: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  label: z.string(),
  name: z.string(),
  parentName: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
});

function snapshotForm(snapshot: readonly unknown[], current: RecordForm, tables: FormTables): RecordForm {
  const fields: FormLogicField[] = [];
  const unchecked: string[] = [];
  for (const entry of snapshot) {
    const parsed = snapshotFieldSchema.safeParse(entry);
    const field = parsed.success ? toValidatableField(parsed.data) : null;
    if (field) fields.push(field);
    else {
      const id = snapshotIdSchema.safeParse(entry);
      if (id.success) unchecked.push(id.data.id);
    }
  }
  const inSnapshot = new Set(fields.map((field) => field.id));
  const retired = current.retiredFieldIds.filter((id) => !inSnapshot.has(id));
  return { fields, retiredFieldIds: [...retired, ...unchecked], tables };
}

/**
 * The form a record is checked against: the one of the version it was collected with (so options removed since
 * still accept its answers), or the current one for a record that names no version (an app from before versions).
 * A version the application never had is refused: the record was not made with this form.
 */
export async function loadRecordForm(
  db: Db,
  target: SyncTarget,
  version: number | undefined,
): Promise<RecordFormLookup> {
  if (version === undefined || version === target.formVersion)
    return { ok: true, version: target.formVersion, form: target };
  if (version > target.formVersion) return { ok: false, reason: "unknown_form_version" };
  const [row] = await findFormVersions(db, target.applicationId, [version]);
  const tables = withEntityList(await loadVersionTables(db, target.applicationId, version), target.entityList);
  if (row) return { ok: true, version, form: snapshotForm(row.fields, target, tables) };
  // Every version below the current one is written before the bump that passes it; a missing one is a bug to log,
  // and the record is still checked, against the current form.
  logger.warn("form version has no snapshot; checking against the current form", {
    applicationId: target.applicationId,
    version,
  });
  return { ok: true, version, form: { ...target, tables } };
}
