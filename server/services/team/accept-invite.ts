import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { findInviteByTokenHash, lockInvite, markInviteAccepted, type InviteRow } from "../../db/queries/invites.ts";
import {
  findApplicationNames,
  findTeamMemberByEmail,
  findUserContact,
  listMemberships,
  upsertLinkedTeamMember,
  upsertMembership,
  userExistsWithEmail,
} from "../../db/queries/team-members.ts";
import { lockOwner } from "../../db/queries/usage.ts";
import { ApiError } from "../../lib/api-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { effectiveInviteStatus } from "../../../shared/team/invite-status.ts";
import type { InviteApplication, InviteReason } from "../../../shared/team/team-dtos.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { hashInviteToken } from "./invite-token.ts";
import { memberPayload } from "./member-changes.ts";

export interface InviteCheck {
  reason: InviteReason | null;
  invite: InviteRow | undefined;
  ownerName: string;
  applications: InviteApplication[];
  hasAccount: boolean;
  isMember: boolean;
}

/** The grants whose applications still exist, with their names. */
async function grantedApplications(db: Db, invite: InviteRow): Promise<InviteApplication[]> {
  const names = await findApplicationNames(
    db,
    invite.grants.map((grant) => grant.applicationId),
  );
  return invite.grants.flatMap((grant) => {
    const app = names.get(grant.applicationId);
    return app && app.ownerId === invite.ownerId ? [{ id: grant.applicationId, name: app.name, role: grant.role }] : [];
  });
}

/** The invited e-mail is an active member of the owner's team holding every application the invite grants. */
async function holdsAllGrants(db: Db, invite: InviteRow, applications: InviteApplication[]): Promise<boolean> {
  const member = await findTeamMemberByEmail(db, invite.ownerId, invite.email);
  if (!member || member.status !== "active" || member.userId === null) return false;
  const held = await listMemberships(
    db,
    [member.id],
    applications.map((app) => app.id),
  );
  return held.length === applications.length;
}

/**
 * What /accept-invite shows for a token. Unknown (forged) and replaced tokens are 'invalid' with nothing else
 * revealed; accepted ones 'already_accepted'; lapsed ones 'expired'; a pending one whose e-mail already holds
 * every granted application 'already_member'.
 */
export async function checkInvite(db: Db, token: string): Promise<InviteCheck> {
  const invite = await findInviteByTokenHash(db, hashInviteToken(token));
  const none: InviteCheck = {
    reason: "invalid",
    invite: undefined,
    ownerName: "",
    applications: [],
    hasAccount: false,
    isMember: false,
  };
  if (!invite || invite.status === "replaced") return none;
  const applications = await grantedApplications(db, invite);
  const [owner, hasAccount, isMember] = await Promise.all([
    findUserContact(db, invite.ownerId),
    userExistsWithEmail(db, invite.email),
    holdsAllGrants(db, invite, applications),
  ]);
  const status = effectiveInviteStatus(invite);
  const reason: InviteReason | null =
    status === "accepted" ? "already_accepted" : status === "expired" ? "expired" : isMember ? "already_member" : null;
  return { reason, invite, ownerName: owner?.name ?? "", applications, hasAccount, isMember };
}

/**
 * Accepts for the signed-in user, whose e-mail must be the invited one: links (or creates) the owner's team
 * member, gives each granted role and marks the invite accepted, all in one transaction with the invite locked,
 * so a token is used once. Each granted application hears `member.added`.
 */
export async function acceptInvite(
  db: Db,
  user: SessionUser,
  token: string,
  webhooks?: WebhookEmitter,
): Promise<InviteApplication[]> {
  const found = await findInviteByTokenHash(db, hashInviteToken(token));
  if (!found || found.status === "replaced")
    throw new ApiError("INVITE_INVALID", "Invalid token. Check the invite link.");
  if (found.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new ApiError("INVITE_EMAIL_MISMATCH", "This invite was sent to another e-mail address.");
  }
  return db.transaction(async (tx) => {
    await lockOwner(tx, found.ownerId);
    const invite = await lockInvite(tx, found.id);
    if (!invite || invite.status === "replaced")
      throw new ApiError("INVITE_INVALID", "Invalid token. Check the invite link.");
    if (invite.status === "accepted")
      throw new ApiError("ALREADY_MEMBER", "You are already a member of this application.");
    if (effectiveInviteStatus(invite) === "expired")
      throw new ApiError("INVITE_EXPIRED", "Invite expired. Request a new one from the administrator.");
    const applications = await grantedApplications(tx, invite);
    const member = await upsertLinkedTeamMember(tx, {
      ownerId: invite.ownerId,
      userId: user.id,
      name: invite.name,
      email: invite.email,
    });
    for (const app of applications) {
      await upsertMembership(tx, { teamMemberId: member.id, applicationId: app.id, role: app.role });
      // Accepting makes a member as adding one does: integrations hear of both alike.
      await webhooks?.application(tx, "member.added", app.id, memberPayload(member, app.role));
    }
    await markInviteAccepted(tx, invite.id, user.id);
    await recordAudit(
      tx,
      user,
      ...applications.map((app) => ({
        kind: "invite.accepted" as const,
        ownerId: invite.ownerId,
        application: { id: app.id, name: app.name },
        target: invite.email,
        after: { role: app.role },
      })),
    );
    return applications;
  });
}
