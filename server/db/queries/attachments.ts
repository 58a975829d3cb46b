import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { queryRows } from "../query-rows.ts";
import { attachmentLinks, attachments, formSubmissions, storageRemovals } from "../schema/index.ts";

export type AttachmentRow = typeof attachments.$inferSelect;
/** What a record's media answer is checked against: whose upload it is, and the bytes' hash, type and size. */
export type AttachmentFacts = Pick<
  AttachmentRow,
  "id" | "uploaderId" | "publicLinkId" | "sha256" | "contentType" | "bytes"
>;
export type NewAttachment = typeof attachments.$inferInsert;

/**
 * Who put bytes on the server: a member (their user id), or a visitor through a public link, whose uploads the link
 * holds (a visitor has no user, and a link's records may only use what came through that link).
 */
export type Uploader = { userId: string } | { publicLinkId: string };

function uploaderColumns(uploader: Uploader): Pick<NewAttachment, "uploaderId" | "publicLinkId"> {
  return "userId" in uploader
    ? { uploaderId: uploader.userId, publicLinkId: null }
    : { uploaderId: null, publicLinkId: uploader.publicLinkId };
}

function byUploader(uploader: Uploader): SQL {
  return "userId" in uploader
    ? eq(attachments.uploaderId, uploader.userId)
    : eq(attachments.publicLinkId, uploader.publicLinkId);
}

/** Whether this row holds bytes the uploader put there itself. */
export function uploadedBy(row: Pick<AttachmentRow, "uploaderId" | "publicLinkId">, uploader: Uploader): boolean {
  return "userId" in uploader ? row.uploaderId === uploader.userId : row.publicLinkId === uploader.publicLinkId;
}

/**
 * The uploader's attachment of these bytes, its upload time moved to now in the same statement: orphan-upload-cleanup
 * re-checks that time after any wait for the row, so a row found here is not removed as an old orphan meanwhile.
 */
export async function touchAttachmentByHash(
  db: Db,
  uploader: Uploader,
  sha256: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .update(attachments)
    .set({ lastUploadedAt: sql`now()` })
    .where(and(byUploader(uploader), eq(attachments.sha256, sha256)))
    .returning();
  return row;
}

/**
 * Inserts unless the uploader (a user, or a link: each has its unique index) already holds these bytes; undefined
 * means a concurrent upload of the same bytes won.
 */
export async function insertAttachment(
  db: Db,
  uploader: Uploader,
  attachment: Omit<NewAttachment, "uploaderId" | "publicLinkId">,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .insert(attachments)
    .values({ ...attachment, ...uploaderColumns(uploader) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A record that uses an attachment: readers of any of them may read it. */
export interface LinkedRecord {
  applicationId: string;
  submitterId: string | null;
}

export interface AttachmentWithRecords {
  attachment: AttachmentRow;
  /** Every record linking it (once per record, whatever the number of fields), none before its record syncs. */
  records: LinkedRecord[];
}

export async function findAttachmentWithRecords(db: Db, id: string): Promise<AttachmentWithRecords | undefined> {
  const [attachment] = await db.select().from(attachments).where(eq(attachments.id, id));
  if (!attachment) return undefined;
  const records = await db
    .selectDistinct({ applicationId: formSubmissions.applicationId, submitterId: formSubmissions.submitterId })
    .from(attachmentLinks)
    .innerJoin(formSubmissions, eq(formSubmissions.id, attachmentLinks.submissionId))
    .where(eq(attachmentLinks.attachmentId, id));
  return { attachment, records };
}

// Prepared (prepared-query.ts): every sync batch that names media asks it; one text for any number of ids.
const attachmentsByIds = preparedPerDb((db) =>
  db
    .select()
    .from(attachments)
    .where(sql`${attachments.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("campo_attachments_by_ids"),
);

export async function findAttachmentsByIds(db: Db, ids: readonly string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return attachmentsByIds(db).execute({ ids: [...ids] });
}

/** A use to record; its owner is the record's, taken from the record as the link is written. */
export type AttachmentLink = Omit<typeof attachmentLinks.$inferInsert, "ownerId">;

/** The link's foreign key to its attachment: violated when the attachment went between a check and the link. */
export const ATTACHMENT_LINK_FK = "attachment_links_attachment_id_attachments_id_fk";

/**
 * Records the uses of uploaded media, in one statement: one link per record and field, so the same bytes may serve
 * any number of the uploader's records. A link to someone else's upload is skipped (the sync check already refused
 * it); a link to an attachment that no longer exists fails on its foreign key instead of vanishing silently. Sync's
 * own insert (insertSubmissionsCounted) links the records it inserts in the same way.
 */
export async function linkAttachments(db: Db, uploader: Uploader, links: readonly AttachmentLink[]): Promise<void> {
  if (links.length === 0) return;
  const rows = sql.join(
    links.map((link) => sql`(${link.attachmentId}::uuid, ${link.submissionId}::uuid, ${link.fieldId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into attachment_links (attachment_id, submission_id, field_id, owner_id)
    select l.attachment_id, l.submission_id, l.field_id, r.owner_id
    from (values ${rows}) as l(attachment_id, submission_id, field_id)
    join ${formSubmissions} r on r.id = l.submission_id
    where not exists (select 1 from attachments a where a.id = l.attachment_id and ${foreignUpload(uploader)})
    on conflict do nothing`);
}

/** The condition on `a` (an attachments row) that it is someone else's upload. */
function foreignUpload(uploader: Uploader): SQL {
  return "userId" in uploader
    ? sql`a.uploader_id is distinct from ${uploader.userId}::uuid`
    : sql`a.public_link_id is distinct from ${uploader.publicLinkId}::uuid`;
}

/**
 * Deletes up to `limit` uploads no record links whose last upload is older than `before`; their files are queued in
 * storage_removals by the table's trigger. Rows an upload or a sync holds are skipped (SKIP LOCKED) and left for the
 * next run. Answers how many went.
 */
export async function deleteUnlinkedUploads(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    delete from ${attachments} where ${attachments.id} in (
      select a.id from ${attachments} a
      where a.last_uploaded_at < ${before.toISOString()}::timestamptz
        and not exists (select 1 from ${attachmentLinks} l where l.attachment_id = a.id)
      limit ${limit}
      for update skip locked)
    returning ${attachments.id}`,
  );
  return rows.length;
}

export async function listStorageRemovals(db: Db, limit: number): Promise<string[]> {
  const rows = await db.select({ key: storageRemovals.storageKey }).from(storageRemovals).limit(limit);
  return rows.map((row) => row.key);
}

export async function forgetStorageRemovals(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(storageRemovals).where(inArray(storageRemovals.storageKey, [...keys]));
}

/** Which of these storage keys an attachment row still names (one statement text for any number of keys). */
export async function findNamedStorageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(sql`${attachments.storageKey} = any(${sql.param([...keys])}::text[])`);
  return new Set(rows.map((row) => row.key));
}
