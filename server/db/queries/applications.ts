import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { applicationMembers, applications, formFields, formSubmissions, teamMembers } from "../schema/index.ts";
import { queryRows } from "../query-rows.ts";
import { NON_QUESTION_TYPES_SQL } from "./form-fields.ts";
import { requireRow } from "../require-row.ts";

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationChanges = Pick<
  NewApplication,
  "name" | "description" | "imageUrl" | "visibility" | "active" | "settings"
>;

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** Locks the application row so concurrent edits of one form run one after the other. */
export async function lockApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for("update");
  return row;
}

export async function insertApplication(db: Db, application: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(application).returning();
  return requireRow(row, "insert application");
}

export async function updateApplication(db: Db, id: string, changes: ApplicationChanges): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(applications.id, id))
    .returning();
  return requireRow(row, "update application");
}

/** Fields, members and records go with it (ON DELETE CASCADE). */
export async function deleteApplication(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
  return rows.length > 0;
}

/** The name is unique per owner, compared case-insensitively (the same rule as the unique index). */
export async function ownerHasApplicationNamed(
  db: Db,
  ownerId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.ownerId, ownerId),
        sql`lower(${applications.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(applications.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countOwnedApplications(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(applications)
    .where(eq(applications.ownerId, ownerId));
  return requireRow(row, "count owned applications").count;
}

// Spelled out: drizzle leaves columns unqualified in a single-table select list, which is ambiguous in subqueries.
const applicationIdColumn = sql`${applications}.id`;

/** Membership test shared by the listing: a linked, active team member with a row in application_members. */
function memberOf(userId: string) {
  return sql`exists (
    select 1 from ${applicationMembers} am join ${teamMembers} tm on tm.id = am.team_member_id
    where am.application_id = ${applicationIdColumn} and tm.user_id = ${userId} and tm.status = 'active')`;
}

/** The user's roles in the application of the row, through active linked team memberships (null without any). */
function memberRolesOf(userId: string) {
  return sql<string[] | null>`(
        select array_agg(am.role) from ${applicationMembers} am join ${teamMembers} tm on tm.id = am.team_member_id
        where am.application_id = ${applicationIdColumn} and tm.user_id = ${userId} and tm.status = 'active')`;
}

export interface AccessibleApplicationRow {
  application: ApplicationRow;
  memberRoles: string[];
  fieldsCount: number;
  /** All records of the application. */
  entriesCount: number;
  /** Records this user submitted (what a collaborator sees). */
  ownEntriesCount: number;
}

/** Every application the user owns or is a member of, newest first, with the counts the cards show. */
export async function listAccessibleApplications(db: Db, userId: string): Promise<AccessibleApplicationRow[]> {
  const rows = await db
    .select({
      application: applications,
      memberRoles: memberRolesOf(userId),
      // Questions only: sections, repeats, notes and calculations are not what "N campos" counts.
      fieldsCount: sql<number>`(select count(*)::int from ${formFields} f where f.application_id = ${applicationIdColumn} and f.deleted_at is null and f.field_type not in (${NON_QUESTION_TYPES_SQL}))`,
      entriesCount: sql<number>`(select count(*)::int from ${formSubmissions} s where s.application_id = ${applicationIdColumn})`,
      ownEntriesCount: sql<number>`(select count(*)::int from ${formSubmissions} s where s.application_id = ${applicationIdColumn} and s.submitter_id = ${userId})`,
    })
    .from(applications)
    .where(or(eq(applications.ownerId, userId), memberOf(userId)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map((row) => ({ ...row, memberRoles: row.memberRoles ?? [] }));
}

/** The same applications without the counts, by name: the overviews (/dashboard, /data, /maps) scope by them. */
export async function listAccessibleApplicationRoles(
  db: Db,
  userId: string,
): Promise<{ application: ApplicationRow; memberRoles: string[] }[]> {
  const rows = await db
    .select({ application: applications, memberRoles: memberRolesOf(userId) })
    .from(applications)
    .where(or(eq(applications.ownerId, userId), memberOf(userId)))
    .orderBy(sql`lower(${applications.name})`, applications.id);
  return rows.map((row) => ({ ...row, memberRoles: row.memberRoles ?? [] }));
}

export interface ClearedData {
  deletedSubmissions: number;
  /** One response per answer key of each removed record. */
  deletedResponses: number;
}

/** Removes every record of the application in one statement and says how many records and answers went. */
export async function deleteApplicationSubmissions(db: Db, applicationId: string): Promise<ClearedData> {
  const [row] = await queryRows<{ submissions: number; responses: number }>(
    db,
    sql`
    with removed as (
      delete from ${formSubmissions} where application_id = ${applicationId} returning answers
    )
    select count(*)::int as submissions,
           coalesce(sum((select count(*) from jsonb_object_keys(removed.answers))), 0)::int as responses
    from removed`,
  );
  const { submissions, responses } = requireRow(row, "delete application records");
  return { deletedSubmissions: Number(submissions), deletedResponses: Number(responses) };
}
