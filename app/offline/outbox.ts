import { offlineDb, ownerKeyOf, ANONYMOUS_OWNER } from "./db.ts";
import { OfflineStorageError, toStorageError } from "./storage-errors.ts";
import { sha256OfBlob } from "./blob-hash.ts";
import { placeAnswer } from "./answer-path.ts";
import type { MediaBlob, OutboxRecord, OutboxStatus, PendingMediaAnswer, SubmissionLocation } from "./types.ts";

export interface OutboxMediaInput {
  fieldId: string;
  blob: Blob;
  contentType: string;
  fileName?: string;
}

export interface SaveToOutboxInput {
  /** Reuse an id to overwrite a record not yet sent; a new uuid otherwise. */
  id?: string;
  userId: string | null;
  applicationId: string;
  answers: Record<string, unknown>;
  location?: SubmissionLocation;
  media: OutboxMediaInput[];
  /** Submission id on the server when this record is an edit of it. */
  editOf?: string;
  /** The version of the form the record was filled in with. */
  formVersion?: number;
  /** The version of the entity the record updates, as the device had it. */
  entityBaseVersion?: number;
}

/**
 * Writes a record and its media blobs in ONE transaction, then reads it back: only a record that is really on
 * the device counts as saved (spec 001 §8 'Falha ao confirmar salvamento local.'). Media answers become
 * `{ sha256, contentType }`; the sync engine adds the attachment id once the bytes are on the server.
 */
export async function saveToOutbox(input: SaveToOutboxInput): Promise<OutboxRecord> {
  const id = input.id ?? crypto.randomUUID();
  const ownerKey = ownerKeyOf(input.userId);
  const now = new Date().toISOString();
  let answers: Record<string, unknown> = { ...input.answers };
  const media: MediaBlob[] = [];
  for (const item of input.media) {
    const sha256 = await sha256OfBlob(item.blob);
    const named = item.fileName === undefined ? {} : { fileName: item.fileName };
    const answer: PendingMediaAnswer = { sha256, contentType: item.contentType, bytes: item.blob.size, ...named };
    answers = placeAnswer(answers, item.fieldId, answer);
    media.push({
      recordId: id,
      fieldId: item.fieldId,
      ownerKey,
      sha256,
      contentType: item.contentType,
      blob: item.blob,
      ...named,
    });
  }
  const record: OutboxRecord = {
    id,
    ownerKey,
    applicationId: input.applicationId,
    answers,
    location: input.location ?? null,
    createdAt: now,
    updatedAt: now,
    editOf: input.editOf ?? null,
    ...(input.formVersion === undefined ? {} : { formVersion: input.formVersion }),
    ...(input.entityBaseVersion === undefined ? {} : { entityBaseVersion: input.entityBaseVersion }),
    status: "pending",
    attempts: 0,
  };

  const db = offlineDb();
  try {
    await db.transaction("rw", db.outbox, db.media, db.lastSaved, async () => {
      const previous = await db.outbox.get(id);
      if (previous) record.createdAt = previous.createdAt;
      await db.media.where("recordId").equals(id).delete();
      await db.outbox.put(record);
      if (media.length > 0) await db.media.bulkPut(media);
      // A new record is the one `${last-saved#name}` defaults read next; an edit of an older one is not.
      if (record.editOf === null)
        await db.lastSaved.put({ ownerKey, applicationId: input.applicationId, answers: input.answers, savedAt: now });
    });
  } catch (error) {
    throw toStorageError(error);
  }

  let stored: OutboxRecord | undefined;
  try {
    stored = await db.outbox.get(id);
  } catch (error) {
    throw new OfflineStorageError("not_confirmed", { cause: error });
  }
  if (!stored || stored.ownerKey !== ownerKey) throw new OfflineStorageError("not_confirmed");
  return stored;
}

/** The user's records, oldest first (the order they sync in). */
export async function listOutbox(userId: string | null, applicationId?: string): Promise<OutboxRecord[]> {
  const db = offlineDb();
  const ownerKey = ownerKeyOf(userId);
  const rows =
    applicationId === undefined
      ? await db.outbox.where("ownerKey").equals(ownerKey).toArray()
      : await db.outbox.where("[ownerKey+applicationId]").equals([ownerKey, applicationId]).toArray();
  return rows.sort(byCreation);
}

export async function getOutboxRecord(userId: string | null, id: string): Promise<OutboxRecord | undefined> {
  const record = await offlineDb().outbox.get(id);
  return record && record.ownerKey === ownerKeyOf(userId) ? record : undefined;
}

export async function countOutbox(
  userId: string | null,
  statuses: readonly OutboxStatus[],
  applicationId?: string,
): Promise<number> {
  const db = offlineDb();
  const ownerKey = ownerKeyOf(userId);
  if (applicationId === undefined) {
    return db.outbox
      .where("[ownerKey+status]")
      .anyOf(statuses.map((status) => [ownerKey, status]))
      .count();
  }
  return db.outbox
    .where("[ownerKey+applicationId]")
    .equals([ownerKey, applicationId])
    .filter((record) => statuses.includes(record.status))
    .count();
}

/** At login, records saved while signed out become the user's (spec 001 §3). Returns how many moved. */
export async function claimAnonymousRecords(userId: string): Promise<number> {
  const db = offlineDb();
  return db.transaction("rw", db.outbox, db.media, async () => {
    const moved = await db.outbox.where("ownerKey").equals(ANONYMOUS_OWNER).modify({ ownerKey: userId });
    await db.media
      .where("[ownerKey+sha256]")
      .between([ANONYMOUS_OWNER, ""], [ANONYMOUS_OWNER, "\uffff"])
      .modify({ ownerKey: userId });
    return moved;
  });
}

/** The blobs a record still needs on the server, one per field. */
export async function mediaOf(recordId: string): Promise<MediaBlob[]> {
  return offlineDb().media.where("recordId").equals(recordId).toArray();
}

/** Deletes records and their media; the caller decides that they are safe to drop (acknowledged by the server). */
export async function deleteRecords(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = offlineDb();
  await db.transaction("rw", db.outbox, db.media, async () => {
    await db.outbox.bulkDelete([...ids]);
    await db.media
      .where("recordId")
      .anyOf([...ids])
      .delete();
  });
}

function byCreation(a: OutboxRecord, b: OutboxRecord): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}

/** The cache dialog's 'clear synced data': only records the server acknowledged. Returns how many went. */
export async function clearSyncedRecords(userId: string): Promise<number> {
  const synced = await offlineDb().outbox.where("[ownerKey+status]").equals([userId, "synced"]).primaryKeys();
  await deleteRecords(synced);
  return synced.length;
}
