import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { formSubmissions, submissionConflicts, submissionVersions } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";
import { queryRows } from "../query-rows.ts";
import type { AttachmentLink, Uploader } from "./attachments.ts";

export type SubmissionRow = typeof formSubmissions.$inferSelect;
type NewSubmission = typeof formSubmissions.$inferInsert;
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

/** A record as sync stores it: the columns its insert sets (the others keep their defaults). */
export interface SyncedSubmission {
  id: string;
  applicationId: string;
  ownerId: string;
  submitterId: string | null;
  publicLinkId: string | null;
  publicLinkDevice: string | null;
  formVersion: number;
  answers: Record<string, unknown>;
  payloadHash: string;
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  locationTimestamp: Date | null;
  clientCreatedAt: Date;
}

/**
 * One statement, so atomic without a transaction of its own: the insert that skips ids already stored (a
 * concurrent retry, never overwritten), the owner's count of records ever created raised by what it inserted, and
 * the media links of the records it inserted. One round trip, and the owner's usage row stays locked only for this
 * statement: every collector of an owner writes that row, and holding it across a transaction's round trips made
 * them wait for one another. The rows and links travel as two JSON parameters, so the text is the same for any
 * batch: the database parses and plans it once per connection (a named statement), and no query builder runs per
 * batch (drizzle's multi-row `values` cost about a tenth of the server's CPU under sync load). Returns the ids this
 * statement inserted.
 */
export async function insertSubmissionsCounted(
  db: Db,
  ownerId: string,
  rows: readonly SyncedSubmission[],
  media: { uploader: Uploader; links: readonly AttachmentLink[] },
): Promise<string[]> {
  if (rows.length === 0) return [];
  const uploaderId = "userId" in media.uploader ? media.uploader.userId : null;
  const publicLinkId = "publicLinkId" in media.uploader ? media.uploader.publicLinkId : null;
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`with inserted as (
      insert into form_submissions (id, application_id, owner_id, submitter_id, public_link_id, public_link_device,
        status, form_version, answers, payload_hash, latitude, longitude, location_accuracy, location_timestamp,
        client_created_at)
      select r."id", r."applicationId", r."ownerId", r."submitterId", r."publicLinkId", r."publicLinkDevice",
        'completed', r."formVersion", r."answers", r."payloadHash", r."latitude", r."longitude", r."locationAccuracy",
        r."locationTimestamp", r."clientCreatedAt"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("id" uuid, "applicationId" uuid, "ownerId" uuid,
        "submitterId" uuid, "publicLinkId" uuid, "publicLinkDevice" text, "formVersion" integer, "answers" jsonb,
        "payloadHash" text, "latitude" double precision, "longitude" double precision,
        "locationAccuracy" double precision, "locationTimestamp" timestamptz, "clientCreatedAt" timestamptz)
      on conflict (id) do nothing
      returning id, owner_id
    ),
    counted as (
      insert into owner_usage (owner_id, records_created)
      select ${ownerId}::uuid, count(*)::int from inserted having count(*) > 0
      on conflict (owner_id) do update
      set records_created = owner_usage.records_created + excluded.records_created, updated_at = now()
    ),
    linked as (
      insert into attachment_links (attachment_id, submission_id, field_id, owner_id)
      select l."attachmentId", l."submissionId", l."fieldId", i.owner_id
      from jsonb_to_recordset(${JSON.stringify(media.links)}::jsonb)
        as l("attachmentId" uuid, "submissionId" uuid, "fieldId" uuid)
      join inserted i on i.id = l."submissionId"
      -- someone else's upload is skipped (the sync check already refused it), as linkAttachments does
      where not exists (select 1 from attachments a where a.id = l."attachmentId" and
        (a.uploader_id is distinct from ${uploaderId}::uuid or a.public_link_id is distinct from ${publicLinkId}::uuid))
      on conflict do nothing
    )
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
