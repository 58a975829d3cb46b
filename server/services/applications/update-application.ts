import type { Db } from "../../db/client.ts";
import {
  lockApplication,
  ownerHasApplicationNamed,
  updateApplication as updateApplicationRow,
} from "../../db/queries/applications.ts";
import {
  fieldsWithAnswers,
  insertFields,
  listLiveFields,
  softDeleteFields,
  updateField,
  type FieldRow,
} from "../../db/queries/form-fields.ts";
import { ApiError } from "../../lib/api-error.ts";
import { applicationUpdated } from "../audit/application-audit.ts";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { isTemporaryFieldId, type DesignedField } from "../../../shared/fields/field-config.ts";
import type { FieldTypeLockDetails } from "../../../shared/fields/field-type-lock.ts";
import { applicationChanges, validationIssue, type ApplicationInput } from "./application-input.ts";
import { APPLICATION_NAME_CONSTRAINT, duplicateName, type CreatedApplication } from "./create-application.ts";
import { toFieldRow } from "./field-rows.ts";
import { versionSavedForm } from "./form-versioning.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { isUniqueViolation } from "../../db/constraint-violation.ts";

interface FieldPlan {
  kept: { field: DesignedField & { id: string }; position: number }[];
  added: { field: DesignedField; position: number }[];
  removedIds: string[];
}

/**
 * Saves an edited form in one transaction. Fields sent with the id of a live field are updated in place, fields
 * without one (or with the designer's temporary `field-…` id) are inserted, and live fields missing from the list
 * are soft-deleted so the answers already stored under their ids stay readable. Positions follow the list order
 * from 0. A field that already has answers keeps its type (FIELD_TYPE_LOCKED). A form with records gets a new
 * version when its fields change (form-versioning.ts).
 */
export async function updateApplication(
  db: Db,
  actor: AuditActor,
  applicationId: string,
  input: ApplicationInput,
  webhooks?: WebhookEmitter,
): Promise<CreatedApplication> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockApplication(tx, applicationId);
      if (!current) throw new ApiError("APPLICATION_NOT_FOUND", "Application not found");
      if (await ownerHasApplicationNamed(tx, current.ownerId, input.name, current.id)) throw duplicateName();

      const live = await listLiveFields(tx, applicationId);
      const plan = planFields(live, input.fields);
      const liveById = new Map(live.map((field) => [field.id, field]));
      const retyped = plan.kept
        .filter(({ field }) => liveById.get(field.id)?.fieldType !== field.fieldType)
        .map(({ field }) => field.id);
      const locked = await fieldsWithAnswers(tx, applicationId, retyped);
      if (locked.length > 0) throw typeLocked(plan, liveById, locked);

      const application = await updateApplicationRow(tx, applicationId, applicationChanges(input));
      for (const { field, position } of plan.kept) {
        const { fieldType, label, name, parentName, category, config } = toFieldRow(applicationId, field, position);
        await updateField(tx, field.id, { fieldType, label, name, parentName, position, category, config });
      }
      await insertFields(
        tx,
        plan.added.map(({ field, position }) => toFieldRow(applicationId, field, position)),
      );
      await softDeleteFields(tx, applicationId, plan.removedIds);
      const fields = await listLiveFields(tx, applicationId);
      await recordAudit(tx, actor, ...applicationUpdated(current, application, live, fields));
      const formVersion = await versionSavedForm(tx, actor.id, current, live, fields);
      await webhooks?.application(tx, "application.updated", applicationId, { formVersion });
      return { application: { ...application, formVersion }, fields };
    });
  } catch (error) {
    if (isUniqueViolation(error, APPLICATION_NAME_CONSTRAINT)) throw duplicateName();
    throw error;
  }
}

/**
 * The refusal names each field, its stored type and the type asked for, with the path of its place in the submitted
 * list, so the designer can say on the field why: its stored answers were made for the old type.
 */
function typeLocked(plan: FieldPlan, liveById: Map<string, FieldRow>, lockedIds: string[]): ApiError {
  const locked = new Set(lockedIds);
  const fields = plan.kept
    .filter(({ field }) => locked.has(field.id))
    .map(({ field, position }) => ({
      id: field.id,
      label: field.label,
      path: `fields.${position}.fieldType`,
      storedType: liveById.get(field.id)?.fieldType ?? field.fieldType,
      requestedType: field.fieldType,
    }));
  const details: FieldTypeLockDetails = { fieldIds: lockedIds, fields };
  return new ApiError("FIELD_TYPE_LOCKED", "A field with answers cannot change its type", details);
}

/** Sorts the submitted list into updates, inserts and removals; a uuid that is not a live field of this form is refused. */
function planFields(live: FieldRow[], submitted: DesignedField[]): FieldPlan {
  const liveIds = new Set(live.map((field) => field.id));
  const plan: FieldPlan = { kept: [], added: [], removedIds: [] };
  const issues: ReturnType<typeof validationIssue>[] = [];
  submitted.forEach((field, position) => {
    const { id } = field;
    if (id === undefined || isTemporaryFieldId(id)) plan.added.push({ field, position });
    else if (liveIds.has(id)) plan.kept.push({ field: { ...field, id }, position });
    else issues.push(validationIssue(`fields.${position}.id`, "invalidFieldId"));
  });
  if (issues.length > 0) throw new ApiError("VALIDATION_FAILED", "Unknown field id", issues);
  const keptIds = new Set(plan.kept.map(({ field }) => field.id));
  plan.removedIds = live.filter((field) => !keptIds.has(field.id)).map((field) => field.id);
  return plan;
}
