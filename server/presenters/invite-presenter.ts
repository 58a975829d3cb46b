import type { InviteRow } from "../db/queries/invites.ts";
import type { InviteCheck } from "../services/team/accept-invite.ts";
import type { SendResult } from "../services/team/send-invite.ts";
import { effectiveInviteStatus } from "../../shared/team/invite-status.ts";
import type { Invite, InviteValidation, SentInvite } from "../../shared/team/team-dtos.ts";

/** An invite of the sent-invites list; the token hash never leaves the server. */
export function presentInvite(invite: InviteRow, applicationNames: Map<string, { name: string }>): Invite {
  return {
    id: invite.id,
    email: invite.email,
    name: invite.name,
    status: effectiveInviteStatus(invite),
    sentAt: invite.sentAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    acceptedAt: invite.acceptedAt?.toISOString() ?? null,
    applications: invite.grants.flatMap((grant) => {
      const app = applicationNames.get(grant.applicationId);
      return app ? [{ id: grant.applicationId, name: app.name, role: grant.role }] : [];
    }),
  };
}

export function presentSentInvite(result: SendResult, applicationNames: Map<string, { name: string }>): SentInvite {
  return {
    invite: presentInvite(result.invite, applicationNames),
    emailSent: result.emailSent,
    ...(result.link ? { link: result.link } : {}),
  };
}

/** GET /api/invites/validate: an invalid token learns nothing about any invite. */
export function presentInviteValidation(check: InviteCheck): InviteValidation {
  if (!check.invite || check.reason === "invalid")
    return { isValid: false, reason: "invalid", invite: null, hasAccount: false, isMember: false };
  return {
    isValid: check.reason === null,
    reason: check.reason,
    invite: {
      email: check.invite.email,
      name: check.invite.name,
      ownerName: check.ownerName,
      applications: check.applications,
    },
    hasAccount: check.hasAccount,
    isMember: check.isMember,
  };
}
