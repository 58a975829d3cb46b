import type { TeamMemberRow } from "../db/queries/team-members.ts";
import type { TeamView } from "../services/team/list-team.ts";
import type { TeamMember, TeamMembersResponse } from "../../shared/team/team-dtos.ts";

export function presentTeamMember(
  member: TeamMemberRow,
  view: Pick<TeamView, "memberships" | "applications">,
): TeamMember {
  const names = new Map(view.applications.map((app) => [app.id, app.name]));
  return {
    id: member.id,
    ownerId: member.ownerId,
    name: member.name,
    email: member.email,
    status: member.status,
    linked: member.userId !== null,
    applications: view.memberships
      .filter((row) => row.teamMemberId === member.id)
      .map((row) => ({
        applicationId: row.applicationId,
        applicationName: names.get(row.applicationId) ?? "",
        role: row.role,
      }))
      .sort((a, b) => a.applicationName.localeCompare(b.applicationName)),
  };
}

/** GET /api/team/members. */
export function presentTeam(view: TeamView): TeamMembersResponse {
  return {
    members: view.members.map((member) => presentTeamMember(member, view)),
    applications: view.applications.map((app) => ({
      id: app.id,
      name: app.name,
      ownerId: app.ownerId,
      role: app.role,
    })),
    seats: view.seats,
  };
}
