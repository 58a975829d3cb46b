import type { Db } from "../../db/client.ts";
import type { ApplicationRow } from "../../db/queries/applications.ts";
import { listLiveFields, type FieldRow } from "../../db/queries/form-fields.ts";
import {
  applicationHasRecords,
  bumpFormVersion,
  insertFormVersionIfAbsent,
  replaceFormVersionFields,
} from "../../db/queries/form-versions.ts";
import { presentField } from "../../presenters/field-presenter.ts";

/** A version's snapshot: the live fields as the API sends them, so a phone's cached copy and the snapshot agree. */
export function fieldSnapshot(fields: readonly FieldRow[]): Record<string, unknown>[] {
  return fields.map((field) => ({ ...presentField(field) }));
}

/** The fields as collection sees them: the same form whatever the timestamps say. */
function formShape(fields: readonly FieldRow[]): string {
  return JSON.stringify(
    fields.map(({ id, fieldType, label, name, parentName, position, category, config }) => ({
      id,
      fieldType,
      label,
      name,
      parentName,
      position,
      category,
      config,
    })),
  );
}

/**
 * Decides the version of a saved form, inside the save's transaction (the application row is locked). A form with
 * records whose fields changed gets the next version and its snapshot; version 1's snapshot (the fields before this
 * first versioned save, made by the owner when the application was created) is written then, lazily. A form
 * without records keeps its version (no churn while designing) and, if its version already has a snapshot, the
 * snapshot follows the live fields. A save that changes only the application's name, texts or settings keeps the
 * version too: the phones' forms are the same.
 */
export async function versionSavedForm(
  tx: Db,
  actorId: string,
  current: ApplicationRow,
  before: readonly FieldRow[],
  after: readonly FieldRow[],
): Promise<number> {
  if (!(await applicationHasRecords(tx, current.id))) {
    await replaceFormVersionFields(tx, current.id, current.formVersion, fieldSnapshot(after));
    return current.formVersion;
  }
  if (formShape(before) === formShape(after)) return current.formVersion;
  await insertFormVersionIfAbsent(tx, {
    applicationId: current.id,
    version: current.formVersion,
    fields: fieldSnapshot(before),
    createdBy: current.ownerId,
    createdAt: current.createdAt,
  });
  const version = await bumpFormVersion(tx, current.id);
  await insertFormVersionIfAbsent(tx, {
    applicationId: current.id,
    version,
    fields: fieldSnapshot(after),
    createdBy: actorId,
  });
  return version;
}

/**
 * The version a change of the form's attached files lands in (the application row is locked): like a change of its
 * fields, a form with records gets the next version, with the same fields in its snapshot, so records of the
 * version before keep being checked against the files they were collected with.
 */
export async function versionChangedFiles(tx: Db, actorId: string, current: ApplicationRow): Promise<number> {
  if (!(await applicationHasRecords(tx, current.id))) return current.formVersion;
  const fields = fieldSnapshot(await listLiveFields(tx, current.id));
  await insertFormVersionIfAbsent(tx, {
    applicationId: current.id,
    version: current.formVersion,
    fields,
    createdBy: current.ownerId,
    createdAt: current.createdAt,
  });
  const version = await bumpFormVersion(tx, current.id);
  await insertFormVersionIfAbsent(tx, { applicationId: current.id, version, fields, createdBy: actorId });
  return version;
}
