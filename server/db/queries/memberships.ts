import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { applicationMembers, applications, teamMembers } from "../schema/index.ts";
import type { ApplicationRow } from "./applications.ts";

export type ApplicationMemberRow = typeof applicationMembers.$inferSelect;
export type NewApplicationMember = typeof applicationMembers.$inferInsert;

/**
 * An application and the roles the user holds in it through the owner's team, in one round trip (every application
 * route asks both): only team members linked to this user (team_members.user_id) and active count. Several rows are
 * possible; the policy keeps the strongest.
 */
export async function findApplicationWithRoles(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<{ application: ApplicationRow; roles: string[] } | undefined> {
  const [row] = await applicationWithRoles(db).execute({ applicationId, userId });
  return row;
}

const applicationWithRoles = preparedPerDb((db) =>
  db
    .select({ application: applications, roles: memberRoles(db, sql.placeholder("userId")) })
    .from(applications)
    .where(eq(applications.id, sql.placeholder("applicationId")))
    .prepare("campo_application_with_roles"),
);

/** The user's roles in the application of the enclosing query (`applications`), as a text array. */
export function memberRoles(db: Db, userId: string | Placeholder): SQL<string[]> {
  const roles = db
    .select({ role: applicationMembers.role })
    .from(applicationMembers)
    .innerJoin(teamMembers, eq(teamMembers.id, applicationMembers.teamMemberId))
    .where(
      and(
        eq(applicationMembers.applicationId, applications.id),
        eq(teamMembers.userId, userId),
        eq(teamMembers.status, "active"),
      ),
    );
  return sql<string[]>`array(${roles})`;
}

/** Which of `ids` are team members of this owner (anything else must not be granted access to the owner's app). */
export async function findOwnTeamMemberIds(db: Db, ownerId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.ownerId, ownerId), inArray(teamMembers.id, ids)));
  return rows.map((row) => row.id);
}

export async function insertApplicationMembers(
  db: Db,
  members: NewApplicationMember[],
): Promise<ApplicationMemberRow[]> {
  if (members.length === 0) return [];
  return db.insert(applicationMembers).values(members).returning();
}
