import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { attachments, formSubmissions } from "../schema/index.ts";

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

export async function findAttachmentByHash(db: Db, uploaderId: string, sha256: string): Promise<AttachmentRow | undefined> {
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

export interface AttachmentWithRecord {
  attachment: AttachmentRow;
  /** The record it is linked to, if any: readers of that record may read it. */
  record: { applicationId: string; submitterId: string | null } | null;
}

export async function findAttachmentWithRecord(db: Db, id: string): Promise<AttachmentWithRecord | undefined> {
  const [row] = await db
    .select({ attachment: attachments, applicationId: formSubmissions.applicationId, submitterId: formSubmissions.submitterId })
    .from(attachments)
    .leftJoin(formSubmissions, eq(formSubmissions.id, attachments.submissionId))
    .where(eq(attachments.id, id));
  if (!row) return undefined;
  const record = row.applicationId === null ? null : { applicationId: row.applicationId, submitterId: row.submitterId };
  return { attachment: row.attachment, record };
}

export async function findAttachmentsByIds(db: Db, ids: readonly string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(inArray(attachments.id, [...ids]));
}

export interface AttachmentLink {
  attachmentId: string;
  submissionId: string;
  fieldId: string;
}

/**
 * Links uploaded media to the records that reference them, in one statement. Only the uploader's own,
 * still unlinked (or already linked to the same record) attachments move.
 */
export async function linkAttachments(db: Db, uploaderId: string, links: readonly AttachmentLink[]): Promise<void> {
  if (links.length === 0) return;
  const rows = sql.join(
    links.map((link) => sql`(${link.attachmentId}::uuid, ${link.submissionId}::uuid, ${link.fieldId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`
    update attachments a set submission_id = l.submission_id, field_id = l.field_id
    from (values ${rows}) as l(attachment_id, submission_id, field_id)
    where a.id = l.attachment_id and a.uploader_id = ${uploaderId}
      and (a.submission_id is null or a.submission_id = l.submission_id)`);
}
