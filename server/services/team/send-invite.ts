import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  findInvite,
  findLivePendingInvite,
  insertInvite,
  replaceOpenInvites,
  type InviteRow,
} from "../../db/queries/invites.ts";
import { findProfile } from "../../db/queries/profiles.ts";
import { findApplicationNames, findTeamMemberByEmail, findUserContact } from "../../db/queries/team-members.ts";
import { ApiError } from "../../lib/api-error.ts";
import { logger } from "../../lib/logger.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { canRead, loadAccess } from "../../policies/application-access.ts";
import { canHandleInvite } from "../../policies/invite-access.ts";
import { canChangeRoles, canManageTeam } from "../../../shared/permissions/permissions.ts";
import {
  isOpenInvite,
  effectiveInviteStatus,
  INVITE_TTL_MS,
  tokenPreview,
} from "../../../shared/team/invite-status.ts";
import type { CreateInviteInput, Grant } from "../../../shared/team/team-schemas.ts";
import { inviteEmail } from "../emails/invite-email.ts";
import { inviteLink, newInviteToken } from "./invite-token.ts";
import { isUuid } from "./ids.ts";
import { resendBudget, senderBudget, spendInviteBudgets } from "./invite-rate-limits.ts";
import { assertSeatAvailable } from "./team-seats.ts";

export interface SendResult {
  invite: InviteRow;
  emailSent: boolean;
  /** Only when the e-mail did not go out: the inviter passes the link on instead. */
  link?: string;
}

/**
 * Every grant must name an application whose team the caller manages, all of one owner (the invite fills that
 * owner's team); only the creator may invite administrators. Returns the owner.
 */
export async function authorizeGrants(db: Db, user: SessionUser, grants: Grant[]): Promise<string> {
  const owners = new Set<string>();
  for (const grant of grants) {
    const access = await loadAccess(db, user, grant.applicationId);
    if (!canRead(access)) throw new ApiError("APPLICATION_NOT_FOUND", "Application not found");
    if (!canManageTeam(access.permissions))
      throw new ApiError("TEAM_MANAGE_FORBIDDEN", "You don't have permission to invite members to this application.");
    if (grant.role !== "collaborator" && !canChangeRoles(access.permissions)) {
      throw new ApiError("ROLE_CHANGE_FORBIDDEN", "You don't have permission to change roles in this application.");
    }
    owners.add(access.application.ownerId);
  }
  const [ownerId] = owners;
  if (owners.size !== 1 || ownerId === undefined)
    throw new ApiError("VALIDATION_FAILED", "Invite", [
      { path: "grants", message: "team:validation.oneOwner", code: "custom" },
    ]);
  return ownerId;
}

interface StoredInvite {
  row: InviteRow;
  token: string;
  emailQueued: boolean;
}

/** Stores the invite (replacing older open ones to the same e-mail) inside the owner's seat check. */
async function storeInvite(
  context: AppContext,
  user: SessionUser,
  ownerId: string,
  input: CreateInviteInput,
  isResend: boolean,
): Promise<StoredInvite> {
  const db = context.database.db;
  const { token, tokenHash } = newInviteToken();
  return db.transaction(async (tx) => {
    await assertSeatAvailable(tx, ownerId, context.config.superAdminEmails, input.email);
    if (!isResend) {
      const member = await findTeamMemberByEmail(tx, ownerId, input.email);
      if (member?.status === "active" || (await findLivePendingInvite(tx, ownerId, input.email))) {
        throw new ApiError("INVITE_EXISTS", "An active member or pending invite already exists for this email");
      }
    }
    await replaceOpenInvites(tx, ownerId, input.email);
    const invite = await insertInvite(tx, {
      ownerId,
      invitedBy: user.id,
      tokenHash,
      email: input.email,
      name: input.name,
      grants: input.grants,
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    });
    const names = await findApplicationNames(
      tx,
      input.grants.map((grant) => grant.applicationId),
    );
    // One entry per granted application, so each application's administrators read theirs; never the token.
    await recordAudit(
      tx,
      user,
      ...input.grants.map((grant) => ({
        kind: "invite.sent" as const,
        ownerId,
        application: { id: grant.applicationId, name: names.get(grant.applicationId)?.name ?? "" },
        target: input.email,
        after: { role: grant.role, ...(isResend ? { resent: true } : {}) },
      })),
    );
    return { row: invite, token, emailQueued: await queueInviteEmail(context, tx, user, invite, token) };
  });
}

/**
 * Writes the invite e-mail in the invite's own transaction (it exists if and only if the invite does). A mailer that
 * refuses it leaves the invite in place; the link then goes back to the inviter (spec 000 §4).
 */
async function queueInviteEmail(
  context: AppContext,
  tx: Db,
  user: SessionUser,
  row: InviteRow,
  token: string,
): Promise<boolean> {
  const names = await findApplicationNames(
    tx,
    row.grants.map((grant) => grant.applicationId),
  );
  const inviter = await findUserContact(tx, user.id);
  const locale = (await findProfile(tx, user.id))?.locale;
  try {
    await context.mailer.send(
      inviteEmail({
        to: row.email,
        name: row.name,
        inviterName: inviter?.name ?? user.name,
        applications: [...names.values()].map((app) => app.name),
        link: inviteLink(context.config.publicUrl, token),
        locale,
      }),
      { tx },
    );
    return true;
  } catch (error) {
    logger.warn("invite e-mail failed; the link goes back to the inviter", {
      inviteId: row.id,
      token: tokenPreview(token),
      error,
    });
    return false;
  }
}

/** Without SMTP the outbox row is all that happens: nobody receives it, so the inviter gets the link too. */
function sendResult(context: AppContext, stored: StoredInvite): SendResult {
  const { row, token, emailQueued } = stored;
  return emailQueued && context.config.smtpUrl
    ? { invite: row, emailSent: true }
    : { invite: row, emailSent: false, link: inviteLink(context.config.publicUrl, token) };
}

export async function createInvite(
  context: AppContext,
  user: SessionUser,
  input: CreateInviteInput,
): Promise<SendResult> {
  const db = context.database.db;
  const ownerId = await authorizeGrants(db, user, input.grants);
  const owner = await findUserContact(db, ownerId);
  if (input.email === user.email.toLowerCase() || input.email === owner?.email.toLowerCase()) {
    throw new ApiError("VALIDATION_FAILED", "Invite", [
      { path: "email", message: "team:validation.selfInvite", code: "custom" },
    ]);
  }
  await spendInviteBudgets(db, [senderBudget(user.id)]);
  return sendResult(context, await storeInvite(context, user, ownerId, input, false));
}

/**
 * An open (pending or expired) invite the caller may handle (canHandleInvite; anyone else gets 404), with the grants
 * whose applications still exist and those applications' names. A closed one is refused with `closedCode`.
 */
export async function loadOpenInvite(
  db: Db,
  user: SessionUser,
  inviteId: string,
  closedCode: "INVITE_NOT_RESENDABLE" | "INVITE_NOT_CANCELLABLE",
): Promise<{ invite: InviteRow; grants: Grant[]; names: Awaited<ReturnType<typeof findApplicationNames>> }> {
  const invite = isUuid(inviteId) ? await findInvite(db, inviteId) : undefined;
  if (!invite || !canHandleInvite(user, invite)) throw new ApiError("NOT_FOUND", "Invite not found");
  if (!isOpenInvite(effectiveInviteStatus(invite)))
    throw new ApiError(closedCode, "Only pending or expired invites can be resent or cancelled");
  const names = await findApplicationNames(
    db,
    invite.grants.map((grant) => grant.applicationId),
  );
  return { invite, grants: invite.grants.filter((grant) => names.has(grant.applicationId)), names };
}

/** A fresh token and expiry for a pending or expired invite; the old one becomes 'replaced'. */
export async function resendInvite(context: AppContext, user: SessionUser, inviteId: string): Promise<SendResult> {
  const db = context.database.db;
  const { invite: old, grants } = await loadOpenInvite(db, user, inviteId, "INVITE_NOT_RESENDABLE");
  if (grants.length === 0) throw new ApiError("APPLICATION_NOT_FOUND", "The invite's applications no longer exist");
  const ownerId = await authorizeGrants(db, user, grants);
  await spendInviteBudgets(db, [resendBudget(ownerId, old.email), senderBudget(user.id)]);
  return sendResult(
    context,
    await storeInvite(context, user, ownerId, { email: old.email, name: old.name, grants }, true),
  );
}
