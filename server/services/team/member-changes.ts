import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  deleteMembership,
  findMembership,
  setTeamMemberStatus,
  updateMembershipRole,
  upsertMembership,
  type TeamMemberRow,
} from "../../db/queries/team-members.ts";
import { ApiError } from "../../lib/api-error.ts";
import { recordAudit, type AuditChange } from "../audit/record-audit.ts";
import {
  assertMayAdd,
  assertMayChangeRole,
  assertMayRemove,
  currentRole,
  loadMemberForStatusChange,
  loadMemberInApplication,
  type MemberInApplication,
} from "../../policies/member-access.ts";
import type { MemberRole } from "../../../shared/permissions/permissions.ts";
import type { GrantableRole, MemberStatus } from "../../../shared/team/team-schemas.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { assertSeatAvailable } from "./team-seats.ts";

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

export async function changeMemberRole(
  db: Db,
  user: SessionUser,
  memberId: string,
  applicationId: string,
  newRole: MemberRole,
  webhooks: WebhookEmitter,
): Promise<void> {
  const found = await loadMemberInApplication(db, user, memberId, applicationId);
  const { member } = found;
  const role = await currentRole(db, member.id, applicationId);
  assertMayChangeRole(user, found, role, newRole);
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
  const found = await loadMemberInApplication(db, user, memberId, applicationId);
  const { member } = found;
  const role = await currentRole(db, member.id, applicationId);
  assertMayRemove(user, found, role);
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
  const found = await loadMemberInApplication(db, user, memberId, applicationId);
  const { member } = found;
  assertMayAdd(found, role);
  if (await findMembership(db, member.id, applicationId))
    throw new ApiError("ALREADY_MEMBER", "This member already has a role in this application.");
  await db.transaction(async (tx) => {
    await upsertMembership(tx, { teamMemberId: member.id, applicationId, role });
    await recordAudit(tx, user, memberChange(found, { kind: "member.added", after: { role } }));
    await webhooks?.application(tx, "member.added", applicationId, memberPayload(member, role));
  });
}

/**
 * Active/inactive for the whole team (member-access.ts: the owner only); inactive members keep their rows but lose
 * access (the access policy reads active members only). Activating takes a seat.
 */
export async function setMemberStatus(
  db: Db,
  user: SessionUser,
  memberId: string,
  status: MemberStatus,
  superAdminEmails: readonly string[],
  webhooks: WebhookEmitter,
): Promise<TeamMemberRow> {
  const member = await loadMemberForStatusChange(db, user, memberId);
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
