import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  listManagedApplications,
  listMemberships,
  listTeamMembersFor,
  type ManagedApplicationRow,
  type MembershipRow,
  type TeamMemberRow,
} from "../../db/queries/team-members.ts";
import { ApiError } from "../../lib/api-error.ts";
import { teamSeats } from "./team-seats.ts";
import type { TeamSeats } from "../../../shared/team/team-dtos.ts";

export interface TeamView {
  members: TeamMemberRow[];
  memberships: MembershipRow[];
  applications: ManagedApplicationRow[];
  seats: TeamSeats;
}

export interface TeamFilter {
  /** Only members holding a role in this (managed) application. */
  applicationId?: string;
  /** Only the caller's own team (the designer's member picker: only those can be given access at creation). */
  ownOnly?: boolean;
}

/**
 * What the team page shows: the caller's own team, plus the members of every application the caller administers
 * as invited administrator; roles only for managed applications.
 */
export async function listTeam(
  db: Db,
  user: SessionUser,
  superAdminEmails: readonly string[],
  filter: TeamFilter = {},
): Promise<TeamView> {
  const applications = await listManagedApplications(db, user.id);
  if (filter.applicationId !== undefined && !applications.some((app) => app.id === filter.applicationId)) {
    throw new ApiError("APPLICATION_NOT_FOUND", "Application not found");
  }
  const applicationIds = applications.map((app) => app.id);
  const allMembers = await listTeamMembersFor(db, user.id, filter.ownOnly ? [] : applicationIds);
  const memberships = await listMemberships(
    db,
    allMembers.map((member) => member.id),
    applicationIds,
  );
  const inFilter = new Set(
    memberships.filter((row) => row.applicationId === filter.applicationId).map((row) => row.teamMemberId),
  );
  const members = allMembers.filter(
    (member) =>
      (filter.ownOnly ? member.ownerId === user.id : true) &&
      (filter.applicationId === undefined || inFilter.has(member.id)),
  );
  const { used, limit } = await teamSeats(db, user.id, superAdminEmails);
  return { members, memberships, applications, seats: { used, limit } };
}
