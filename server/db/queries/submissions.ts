import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { formSubmissions, submissionConflicts, submissionVersions } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";
import { queryRows } from "../query-rows.ts";
import { linkAttachmentsStatement, type AttachmentLink, type Uploader } from "./attachments.ts";

export type SubmissionRow = typeof formSubmissions.$inferSelect;
export type NewSubmission = typeof formSubmissions.$inferInsert;
export type NewSubmissionConflict = typeof submissionConflicts.$inferInsert;

export interface StoredIdentity {
  id: string;
  payloadHash: string;
  submitterId: string | null;
  publicLinkId: string | null;
}

const storedIdentities = preparedPerDb((db) =>
  db
    .select({
      id: formSubmissions.id,
      payloadHash: formSubmissions.payloadHash,
      submitterId: formSubmissions.submitterId,
      publicLinkId: formSubmissions.publicLinkId,
    })
    .from(formSubmissions)
    // One text for any number of ids (an IN list would be a new statement per batch size).
    .where(sql`${formSubmissions.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("campo_stored_identities"),
);

/** What is already stored under these ids: enough to tell a retry (same hash) from a conflict. */
export async function findStoredIdentities(db: Db, ids: readonly string[]): Promise<StoredIdentity[]> {
  if (ids.length === 0) return [];
  return storedIdentities(db).execute({ ids: [...ids] });
}

/**
 * One statement, so atomic without a transaction of its own: the multi-row insert that skips ids already stored (a
 * concurrent retry, never overwritten), the owner's count of records ever created raised by what it inserted, and
 * the media links of the records it inserted. One round trip, and the owner's usage row stays locked only for this
 * statement: every collector of an owner writes that row, and holding it across a transaction's round trips made
 * them wait for one another. Returns the ids this statement inserted.
 */
export async function insertSubmissionsCounted(
  db: Db,
  ownerId: string,
  rows: readonly NewSubmission[],
  media: { uploader: Uploader; links: readonly AttachmentLink[] },
): Promise<string[]> {
  if (rows.length === 0) return [];
  const insert = db
    .insert(formSubmissions)
    .values([...rows])
    .onConflictDoNothing({ target: formSubmissions.id })
    .returning({ id: formSubmissions.id, ownerId: formSubmissions.ownerId })
    .getSQL();
  const links =
    media.links.length > 0
      ? sql`, linked as (${linkAttachmentsStatement(media.uploader, media.links, sql`inserted`)})`
      : sql``;
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`with inserted as (${insert}),
    counted as (
      insert into owner_usage (owner_id, records_created)
      select ${ownerId}::uuid, count(*)::int from inserted having count(*) > 0
      on conflict (owner_id) do update
      set records_created = owner_usage.records_created + excluded.records_created, updated_at = now()
    )${links}
    select id from inserted`,
  );
  return inserted.map((row) => row.id);
}

/** Records a different payload received under a stored id; the same payload received again adds no second row. */
export async function insertConflicts(db: Db, conflicts: readonly NewSubmissionConflict[]): Promise<void> {
  for (const conflict of conflicts) {
    const payload = JSON.stringify(conflict.payload);
    await db.execute(sql`
      insert into submission_conflicts (submission_id, submitter_id, payload)
      select ${conflict.submissionId}::uuid, ${conflict.submitterId ?? null}::uuid, ${payload}::jsonb
      where not exists (
        select 1 from submission_conflicts where submission_id = ${conflict.submissionId}::uuid and payload = ${payload}::jsonb)`);
  }
}

export async function findSubmission(db: Db, applicationId: string, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.applicationId, applicationId)));
  return row;
}

/** Locks one record for an edit, so two edits of it never interleave their version copies. */
export async function lockSubmission(db: Db, applicationId: string, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.applicationId, applicationId)))
    .for("update");
  return row;
}

export type SubmissionEdit = Pick<
  NewSubmission,
  "answers" | "latitude" | "longitude" | "locationAccuracy" | "locationTimestamp" | "formVersion" | "reviewState"
>;

/**
 * Copies the record's current answers and location into submission_versions, then applies the edit.
 * `restoredFromId` marks an edit that restores that earlier copy.
 */
export async function updateSubmissionKeepingVersion(
  db: Db,
  previous: SubmissionRow,
  editedBy: string,
  edit: SubmissionEdit,
  restoredFromId: string | null = null,
): Promise<SubmissionRow> {
  await db.insert(submissionVersions).values({
    submissionId: previous.id,
    editedBy,
    answers: previous.answers,
    latitude: previous.latitude,
    longitude: previous.longitude,
    locationAccuracy: previous.locationAccuracy,
    formVersion: previous.formVersion,
    restoredFromId,
  });
  const [row] = await db
    .update(formSubmissions)
    .set({ ...edit, updatedAt: new Date() })
    .where(eq(formSubmissions.id, previous.id))
    .returning();
  return requireRow(row, "update record");
}
