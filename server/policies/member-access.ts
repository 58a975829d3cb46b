import type { SessionUser } from "../auth/session.ts";
import type { Db } from "../db/client.ts";
import {
  findMembership,
  findTeamMember,
  listManagedApplications,
  listMemberships,
  type TeamMemberRow,
} from "../db/queries/team-members.ts";
import { ApiError } from "../lib/api-error.ts";
import { canRead, loadAccess, type ReadableAccess } from "./application-access.ts";
import { canChangeRoles, canManageTeam, type MemberRole } from "../../shared/permissions/permissions.ts";
import { removalRefusal, roleChangeRefusal } from "../../shared/team/role-rules.ts";
import type { GrantableRole } from "../../shared/team/team-schemas.ts";
import { isUuid } from "../services/team/ids.ts";

/**
 * Who may change a team member's place in an application (role, removal, a new application) or in the team (status).
 * The rules themselves are shared with the web (shared/team/role-rules.ts); this module applies them to what the
 * database says, and answers "not found" to a caller who may not even see the member.
 */

/** The spec's 'Member or application not found.': also the answer when the caller may not even see them. */
export function memberNotFound(): ApiError {
  return new ApiError("MEMBER_NOT_FOUND", "Member or application not found.");
}

const REFUSAL_MESSAGES = {
  SELF_ROLE_CHANGE: "You cannot change your own role. Only the admin creator can do this.",
  ROLE_CHANGE_FORBIDDEN: "You don't have permission to change roles in this application.",
  CREATOR_ROLE_LOCKED: "The Admin Creator role cannot be changed.",
  ROLE_ALREADY_ASSIGNED: "Role already assigned",
  FORBIDDEN: "You don't have permission to remove members from this application.",
} as const;

export interface MemberInApplication {
  member: TeamMemberRow;
  access: ReadableAccess;
}

/** The member and the application, both visible to the caller and belonging to the same owner's team. */
export async function loadMemberInApplication(
  db: Db,
  user: SessionUser,
  memberId: string,
  applicationId: string,
): Promise<MemberInApplication> {
  const member = isUuid(memberId) ? await findTeamMember(db, memberId) : undefined;
  const access = await loadAccess(db, user, applicationId);
  if (!member || !canRead(access) || access.application.ownerId !== member.ownerId) throw memberNotFound();
  return { member, access };
}

/** The member's role in the application; a member without one is not found there. */
export async function currentRole(db: Db, memberId: string, applicationId: string): Promise<MemberRole> {
  const membership = await findMembership(db, memberId, applicationId);
  if (!membership) throw memberNotFound();
  return membership.role;
}

export function assertMayChangeRole(
  user: SessionUser,
  { member, access }: MemberInApplication,
  role: MemberRole,
  newRole: MemberRole,
): void {
  const refusal = roleChangeRefusal({
    actorRole: access.role,
    targetIsActor: member.userId === user.id,
    currentRole: role,
    newRole,
  });
  if (refusal) throw new ApiError(refusal, REFUSAL_MESSAGES[refusal]);
}

export function assertMayRemove(user: SessionUser, { member, access }: MemberInApplication, role: MemberRole): void {
  const refusal = removalRefusal({
    actorRole: access.role,
    targetIsActor: member.userId === user.id,
    currentRole: role,
  });
  if (refusal) throw new ApiError(refusal, REFUSAL_MESSAGES[refusal]);
}

/** Adding a member to one more application takes its team management; any role above collaborator, role changes. */
export function assertMayAdd({ access }: MemberInApplication, role: GrantableRole): void {
  if (!canManageTeam(access.permissions))
    throw new ApiError("TEAM_MANAGE_FORBIDDEN", "You don't have permission to manage this application's team.");
  if (role !== "collaborator" && !canChangeRoles(access.permissions))
    throw new ApiError("ROLE_CHANGE_FORBIDDEN", REFUSAL_MESSAGES.ROLE_CHANGE_FORBIDDEN);
}

/**
 * Active/inactive concerns every application of the owner, so only the team's owner sets it. An administrator who
 * sees the member in an application they manage is told why not; anyone else, that the member does not exist.
 */
export async function loadMemberForStatusChange(db: Db, user: SessionUser, memberId: string): Promise<TeamMemberRow> {
  const member = isUuid(memberId) ? await findTeamMember(db, memberId) : undefined;
  if (!member) throw memberNotFound();
  if (member.ownerId === user.id) return member;
  const managed = (await listManagedApplications(db, user.id)).map((app) => app.id);
  const visible = (await listMemberships(db, [member.id], managed)).length > 0;
  if (!visible) throw memberNotFound();
  throw new ApiError("MEMBER_STATUS_FORBIDDEN", "Only the team's owner can activate or deactivate members.");
}
