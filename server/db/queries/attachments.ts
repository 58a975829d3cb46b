import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { attachmentLinks, attachments, formSubmissions } from "../schema/index.ts";

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

export async function findAttachmentByHash(
  db: Db,
  uploaderId: string,
  sha256: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.uploaderId, uploaderId), eq(attachments.sha256, sha256)));
  return row;
}

/** Inserts unless (uploader, sha256) exists; undefined means a concurrent upload of the same bytes won. */
export async function insertAttachment(db: Db, attachment: NewAttachment): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .insert(attachments)
    .values(attachment)
    .onConflictDoNothing({ target: [attachments.uploaderId, attachments.sha256] })
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

export async function findAttachmentsByIds(db: Db, ids: readonly string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(inArray(attachments.id, [...ids]));
}

export type AttachmentLink = typeof attachmentLinks.$inferInsert;

/**
 * Records the uses of uploaded media, in one statement: one link per record and field, so the same bytes may serve
 * any number of the uploader's records. A link to someone else's upload is skipped (the sync check already refused
 * it); a link to an attachment that no longer exists fails on its foreign key instead of vanishing silently.
 */
export async function linkAttachments(db: Db, uploaderId: string, links: readonly AttachmentLink[]): Promise<void> {
  if (links.length === 0) return;
  await db.execute(linkAttachmentsStatement(uploaderId, links));
}

/**
 * linkAttachments' statement; `onlySubmissionsIn` (a query of ids) keeps the links of those records only, so that a
 * statement inserting records can link exactly the ones it inserted.
 */
export function linkAttachmentsStatement(
  uploaderId: string,
  links: readonly AttachmentLink[],
  onlySubmissionsIn?: SQL,
): SQL {
  const rows = sql.join(
    links.map((link) => sql`(${link.attachmentId}::uuid, ${link.submissionId}::uuid, ${link.fieldId}::uuid)`),
    sql`, `,
  );
  return sql`
    insert into attachment_links (attachment_id, submission_id, field_id)
    select l.attachment_id, l.submission_id, l.field_id from (values ${rows}) as l(attachment_id, submission_id, field_id)
    where not exists (select 1 from attachments a where a.id = l.attachment_id and a.uploader_id is distinct from ${uploaderId}::uuid)
    ${onlySubmissionsIn ? sql`and l.submission_id in (${onlySubmissionsIn})` : sql``}
    on conflict do nothing`;
}
