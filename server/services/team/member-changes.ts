import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  deleteMembership,
  findMembership,
  findTeamMember,
  listManagedApplications,
  listMemberships,
  setTeamMemberStatus,
  updateMembershipRole,
  upsertMembership,
  type TeamMemberRow,
} from "../../db/queries/team-members.ts";
import { ApiError } from "../../lib/api-error.ts";
import { recordAudit, type AuditChange } from "../audit/record-audit.ts";
import { canRead, loadAccess, type ReadableAccess } from "../../policies/application-access.ts";
import { canChangeRoles, canManageTeam, type MemberRole } from "../../../shared/permissions/permissions.ts";
import { removalRefusal, roleChangeRefusal } from "../../../shared/team/role-rules.ts";
import type { GrantableRole, MemberStatus } from "../../../shared/team/team-schemas.ts";
import { isUuid } from "./ids.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { assertSeatAvailable } from "./team-seats.ts";

/** The spec's 'Member or application not found.': also the answer when the caller may not even see them. */
function memberNotFound(): ApiError {
  return new ApiError("MEMBER_NOT_FOUND", "Member or application not found.");
}

const REFUSAL_MESSAGES = {
  SELF_ROLE_CHANGE: "You cannot change your own role. Only the admin creator can do this.",
  ROLE_CHANGE_FORBIDDEN: "You don't have permission to change roles in this application.",
  CREATOR_ROLE_LOCKED: "The Admin Creator role cannot be changed.",
  ROLE_ALREADY_ASSIGNED: "Role already assigned",
  FORBIDDEN: "You don't have permission to remove members from this application.",
} as const;

interface MemberInApplication {
  member: TeamMemberRow;
  access: ReadableAccess;
}

/** A log entry about this member in this application; the member's e-mail names the target. */
function memberChange(
  { member, access }: MemberInApplication,
  change: Pick<AuditChange, "kind" | "before" | "after">,
): AuditChange {
  const { application } = access;
  return {
    ...change,
    ownerId: application.ownerId,
    application: { id: application.id, name: application.name },
    target: member.email,
  };
}

/** member.added / member.removed: who, and the role given or taken. */
export function memberPayload(member: Pick<TeamMemberRow, "id" | "userId" | "name" | "email">, role: string) {
  return { member: { id: member.id, userId: member.userId, name: member.name, email: member.email, role } };
}

/** The member and the application, both visible to the caller and belonging to the same owner's team. */
async function loadMemberAndApplication(
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

async function currentRole(db: Db, memberId: string, applicationId: string): Promise<MemberRole> {
  const membership = await findMembership(db, memberId, applicationId);
  if (!membership) throw memberNotFound();
  return membership.role;
}

export async function changeMemberRole(
  db: Db,
  user: SessionUser,
  memberId: string,
  applicationId: string,
  newRole: MemberRole,
  webhooks: WebhookEmitter,
): Promise<void> {
  const found = await loadMemberAndApplication(db, user, memberId, applicationId);
  const { member, access } = found;
  const role = await currentRole(db, member.id, applicationId);
  const refusal = roleChangeRefusal({
    actorRole: access.role,
    targetIsActor: member.userId === user.id,
    currentRole: role,
    newRole,
  });
  if (refusal) throw new ApiError(refusal, REFUSAL_MESSAGES[refusal]);
  await db.transaction(async (tx) => {
    await updateMembershipRole(tx, member.id, applicationId, newRole);
    await recordAudit(
      tx,
      user,
      memberChange(found, { kind: "member.role_changed", before: { role }, after: { role: newRole } }),
    );
    await webhooks.adminRightsChanged(tx, member.userId);
  });
}

/** Takes the member out of this one application; their other applications and their team entry stay. */
export async function removeMemberFromApplication(
  db: Db,
  user: SessionUser,
  memberId: string,
  applicationId: string,
  webhooks: WebhookEmitter,
): Promise<void> {
  const found = await loadMemberAndApplication(db, user, memberId, applicationId);
  const { member, access } = found;
  const role = await currentRole(db, member.id, applicationId);
  const refusal = removalRefusal({
    actorRole: access.role,
    targetIsActor: member.userId === user.id,
    currentRole: role,
  });
  if (refusal) throw new ApiError(refusal, REFUSAL_MESSAGES[refusal]);
  await db.transaction(async (tx) => {
    await deleteMembership(tx, member.id, applicationId);
    await recordAudit(tx, user, memberChange(found, { kind: "member.removed", before: { role } }));
    await webhooks.application(tx, "member.removed", applicationId, memberPayload(member, role));
    await webhooks.adminRightsChanged(tx, member.userId);
  });
}

/** Gives an existing team member access to one more application (invites are for people not yet in the team). */
export async function addMemberToApplication(
  db: Db,
  user: SessionUser,
  memberId: string,
  applicationId: string,
  role: GrantableRole,
  webhooks?: WebhookEmitter,
): Promise<void> {
  const found = await loadMemberAndApplication(db, user, memberId, applicationId);
  const { member, access } = found;
  if (!canManageTeam(access.permissions))
    throw new ApiError("TEAM_MANAGE_FORBIDDEN", "You don't have permission to manage this application's team.");
  if (role !== "collaborator" && !canChangeRoles(access.permissions))
    throw new ApiError("ROLE_CHANGE_FORBIDDEN", REFUSAL_MESSAGES.ROLE_CHANGE_FORBIDDEN);
  if (await findMembership(db, member.id, applicationId))
    throw new ApiError("ALREADY_MEMBER", "This member already has a role in this application.");
  await db.transaction(async (tx) => {
    await upsertMembership(tx, { teamMemberId: member.id, applicationId, role });
    await recordAudit(tx, user, memberChange(found, { kind: "member.added", after: { role } }));
    await webhooks?.application(tx, "member.added", applicationId, memberPayload(member, role));
  });
}

/**
 * Active/inactive concerns every application of the owner, so only the team's owner sets it; inactive members
 * keep their rows but lose access (the access policy reads active members only). Activating takes a seat.
 */
export async function setMemberStatus(
  db: Db,
  user: SessionUser,
  memberId: string,
  status: MemberStatus,
  superAdminEmails: readonly string[],
  webhooks: WebhookEmitter,
): Promise<TeamMemberRow> {
  const member = isUuid(memberId) ? await findTeamMember(db, memberId) : undefined;
  if (!member) throw memberNotFound();
  if (member.ownerId !== user.id) {
    const managed = (await listManagedApplications(db, user.id)).map((app) => app.id);
    const visible = (await listMemberships(db, [member.id], managed)).length > 0;
    if (!visible) throw memberNotFound();
    throw new ApiError("MEMBER_STATUS_FORBIDDEN", "Only the team's owner can activate or deactivate members.");
  }
  if (member.status === status) return member;
  return db.transaction(async (tx) => {
    if (status === "active") await assertSeatAvailable(tx, member.ownerId, superAdminEmails);
    const updated = await setTeamMemberStatus(tx, member.id, status);
    // The status is the team's, not one application's: the entry belongs to the owner's account.
    await recordAudit(tx, user, {
      kind: "member.status_changed",
      ownerId: member.ownerId,
      target: member.email,
      before: { status: member.status },
      after: { status },
    });
    await webhooks.adminRightsChanged(tx, member.userId);
    return updated;
  });
}
