import type { Db } from "../../db/client.ts";
import {
  deleteApplication as deleteApplicationRow,
  deleteApplicationSubmissions,
  type ApplicationRow,
  type ClearedData,
} from "../../db/queries/applications.ts";
import { deleteRecord as deleteRecordRow } from "../../db/queries/records.ts";
import { applicationDeleted } from "../audit/application-audit.ts";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";

function about(application: ApplicationRow) {
  return { ownerId: application.ownerId, application: { id: application.id, name: application.name } };
}

/** Deletes the application (its fields, members and records go with it), logged in the same transaction. */
export async function deleteApplication(db: Db, actor: AuditActor, application: ApplicationRow): Promise<void> {
  await db.transaction(async (tx) => {
    if (await deleteApplicationRow(tx, application.id)) await recordAudit(tx, actor, applicationDeleted(application));
  });
}

/** Removes every record of the application; the log keeps how many went, not what they held. */
export async function clearApplicationData(
  db: Db,
  actor: AuditActor,
  application: ApplicationRow,
): Promise<ClearedData> {
  return db.transaction(async (tx) => {
    const cleared = await deleteApplicationSubmissions(tx, application.id);
    await recordAudit(tx, actor, {
      kind: "data.cleared",
      ...about(application),
      target: application.id,
      before: cleared,
    });
    return cleared;
  });
}

/** Deletes one record; false when the application has no such record. The log keeps its answers, capped. */
export async function deleteRecord(
  db: Db,
  actor: AuditActor,
  application: ApplicationRow,
  recordId: string,
  webhooks?: WebhookEmitter,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Before the delete, so the payload still holds the record (no record, no event).
    await webhooks?.record(tx, "record.deleted", application.id, [recordId]);
    const removed = await deleteRecordRow(tx, application.id, recordId);
    if (!removed) return false;
    await recordAudit(tx, actor, {
      kind: "record.deleted",
      ...about(application),
      target: removed.id,
      before: removed.answers,
    });
    return true;
  });
}
