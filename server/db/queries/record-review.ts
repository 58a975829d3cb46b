/** A record's history (submission_versions) and review thread (submission_comments), with the people named. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { formFields, formSubmissions, submissionComments, submissionVersions, users } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";
import type { ReviewState } from "../../../shared/records/review-states.ts";
import type { RecordFieldRow } from "./records.ts";

export type SubmissionVersionRow = typeof submissionVersions.$inferSelect;
export type CommentRow = typeof submissionComments.$inferSelect;

export interface PersonRow {
  id: string;
  name: string;
  email: string;
}

/** The stored copies of a record's earlier states, oldest first. */
export async function listSubmissionVersions(db: Db, submissionId: string): Promise<SubmissionVersionRow[]> {
  return db
    .select()
    .from(submissionVersions)
    .where(eq(submissionVersions.submissionId, submissionId))
    .orderBy(asc(submissionVersions.createdAt), asc(submissionVersions.id));
}

export async function findSubmissionVersion(
  db: Db,
  submissionId: string,
  versionId: string,
): Promise<SubmissionVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(submissionVersions)
    .where(and(eq(submissionVersions.submissionId, submissionId), eq(submissionVersions.id, versionId)));
  return row;
}

/**
 * Every field the application ever had, removed ones included (an old version may answer a field no record answers
 * any more), in form order with the removed ones last: the labels of a history.
 */
export async function listAllFields(db: Db, applicationId: string): Promise<RecordFieldRow[]> {
  return db
    .select({
      id: formFields.id,
      label: formFields.label,
      name: formFields.name,
      parentName: formFields.parentName,
      fieldType: formFields.fieldType,
      config: formFields.config,
      removed: sql<boolean>`${formFields.deletedAt} is not null`,
    })
    .from(formFields)
    .where(eq(formFields.applicationId, applicationId))
    .orderBy(sql`${formFields.deletedAt} is not null`, formFields.deletedAt, formFields.position, formFields.createdAt);
}

export async function listPeople(db: Db, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function setReviewState(
  db: Db,
  submissionId: string,
  state: ReviewState,
  reviewedBy: string,
): Promise<void> {
  await db
    .update(formSubmissions)
    .set({ reviewState: state, reviewedBy, reviewedAt: new Date() })
    .where(eq(formSubmissions.id, submissionId));
}

export async function insertComment(
  db: Db,
  comment: { submissionId: string; authorId: string; body: string; reviewState: ReviewState | null },
): Promise<CommentRow> {
  const [row] = await db.insert(submissionComments).values(comment).returning();
  return requireRow(row, "insert comment");
}

/** A record's thread, oldest first. */
export async function listComments(db: Db, submissionId: string): Promise<CommentRow[]> {
  return db
    .select()
    .from(submissionComments)
    .where(eq(submissionComments.submissionId, submissionId))
    .orderBy(asc(submissionComments.createdAt), asc(submissionComments.id));
}
