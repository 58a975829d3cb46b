import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { applicationMembers, applications, teamMembers, users } from "../schema/index.ts";
import type { MemberRole } from "../../../shared/permissions/permissions.ts";
import { requireRow } from "../require-row.ts";

export type TeamMemberRow = typeof teamMembers.$inferSelect;

/** An application whose team the user manages: owned, or held as invited administrator through a linked, active member. */
export interface ManagedApplicationRow {
  id: string;
  name: string;
  ownerId: string;
  role: "owner" | "admin_invited";
}

export async function listManagedApplications(db: Db, userId: string): Promise<ManagedApplicationRow[]> {
  const owned = await db
    .select({ id: applications.id, name: applications.name, ownerId: applications.ownerId })
    .from(applications)
    .where(eq(applications.ownerId, userId))
    .orderBy(asc(applications.name));
  const administered = await db
    .select({ id: applications.id, name: applications.name, ownerId: applications.ownerId })
    .from(applicationMembers)
    .innerJoin(teamMembers, eq(teamMembers.id, applicationMembers.teamMemberId))
    .innerJoin(applications, eq(applications.id, applicationMembers.applicationId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        eq(teamMembers.status, "active"),
        inArray(applicationMembers.role, ["admin_creator", "admin_invited"]),
        ne(applications.ownerId, userId),
      ),
    )
    .orderBy(asc(applications.name));
  const seen = new Set<string>();
  return [
    ...owned.map((row) => ({ ...row, role: "owner" as const })),
    ...administered.map((row) => ({ ...row, role: "admin_invited" as const })),
  ].filter((row) => !seen.has(row.id) && seen.add(row.id));
}

export interface MembershipRow {
  teamMemberId: string;
  applicationId: string;
  role: MemberRole;
}

/** The members of the owner's own team, plus every member holding a role in one of `applicationIds`. */
export async function listTeamMembersFor(db: Db, ownerId: string, applicationIds: string[]): Promise<TeamMemberRow[]> {
  const inManaged =
    applicationIds.length === 0
      ? sql`false`
      : sql`${teamMembers.id} in (select ${applicationMembers.teamMemberId} from ${applicationMembers} where ${inArray(applicationMembers.applicationId, applicationIds)})`;
  return db
    .select()
    .from(teamMembers)
    .where(or(eq(teamMembers.ownerId, ownerId), inManaged))
    .orderBy(asc(sql`lower(${teamMembers.name})`), asc(teamMembers.email));
}

export async function listMemberships(
  db: Db,
  teamMemberIds: string[],
  applicationIds: string[],
): Promise<MembershipRow[]> {
  if (teamMemberIds.length === 0 || applicationIds.length === 0) return [];
  return db
    .select({
      teamMemberId: applicationMembers.teamMemberId,
      applicationId: applicationMembers.applicationId,
      role: applicationMembers.role,
    })
    .from(applicationMembers)
    .where(
      and(
        inArray(applicationMembers.teamMemberId, teamMemberIds),
        inArray(applicationMembers.applicationId, applicationIds),
      ),
    );
}

export async function findTeamMember(db: Db, id: string): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
  return row;
}

export async function findTeamMemberByEmail(
  db: Db,
  ownerId: string,
  email: string,
): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.ownerId, ownerId), sql`lower(${teamMembers.email}) = lower(${email})`));
  return row;
}

/** Creates the owner's team member for this e-mail, or links and reactivates the one that exists. */
export async function upsertLinkedTeamMember(
  db: Db,
  member: { ownerId: string; userId: string; name: string; email: string },
): Promise<TeamMemberRow> {
  const existing = await findTeamMemberByEmail(db, member.ownerId, member.email);
  if (existing) {
    const [row] = await db
      .update(teamMembers)
      .set({ userId: member.userId, status: "active", updatedAt: new Date() })
      .where(eq(teamMembers.id, existing.id))
      .returning();
    return requireRow(row, "relink team member");
  }
  const [row] = await db.insert(teamMembers).values(member).returning();
  return requireRow(row, "insert linked team member");
}

export async function setTeamMemberStatus(db: Db, id: string, status: TeamMemberRow["status"]): Promise<TeamMemberRow> {
  const [row] = await db
    .update(teamMembers)
    .set({ status, updatedAt: new Date() })
    .where(eq(teamMembers.id, id))
    .returning();
  return requireRow(row, "set team member status");
}

export async function findMembership(
  db: Db,
  teamMemberId: string,
  applicationId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select({
      teamMemberId: applicationMembers.teamMemberId,
      applicationId: applicationMembers.applicationId,
      role: applicationMembers.role,
    })
    .from(applicationMembers)
    .where(and(eq(applicationMembers.teamMemberId, teamMemberId), eq(applicationMembers.applicationId, applicationId)));
  return row;
}

/** Gives the role, or changes it when the member already holds one in this application. */
export async function upsertMembership(db: Db, membership: MembershipRow): Promise<void> {
  await db
    .insert(applicationMembers)
    .values(membership)
    .onConflictDoUpdate({
      target: [applicationMembers.applicationId, applicationMembers.teamMemberId],
      set: { role: membership.role, updatedAt: new Date() },
    });
}

export async function updateMembershipRole(
  db: Db,
  teamMemberId: string,
  applicationId: string,
  role: MemberRole,
): Promise<void> {
  await db
    .update(applicationMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(applicationMembers.teamMemberId, teamMemberId), eq(applicationMembers.applicationId, applicationId)));
}

export async function deleteMembership(db: Db, teamMemberId: string, applicationId: string): Promise<void> {
  await db
    .delete(applicationMembers)
    .where(and(eq(applicationMembers.teamMemberId, teamMemberId), eq(applicationMembers.applicationId, applicationId)));
}

export async function userExistsWithEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row !== undefined;
}

export async function findUserContact(db: Db, userId: string): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findApplicationNames(
  db: Db,
  ids: string[],
): Promise<Map<string, { name: string; ownerId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: applications.id, name: applications.name, ownerId: applications.ownerId })
    .from(applications)
    .where(inArray(applications.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, ownerId: row.ownerId }]));
}
