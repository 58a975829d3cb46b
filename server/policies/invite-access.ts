import type { SessionUser } from "../auth/session.ts";

/**
 * Who may resend or cancel an invite: the owner whose team it fills and whoever sent it (an invited administrator's
 * own invites). Anyone else is told it does not exist. The grants' applications are checked on top of this: the
 * caller must still manage their teams (send-invite.ts authorizeGrants).
 */
export function canHandleInvite(user: Pick<SessionUser, "id">, invite: { ownerId: string; invitedBy: string | null }) {
  return invite.ownerId === user.id || invite.invitedBy === user.id;
}
