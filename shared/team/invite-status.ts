import type { InviteStatus } from "./team-schemas.ts";

/** Invites last this long unless resent (docs/decisions.md). */
export const INVITE_TTL_DAYS = 7;
export const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

/** A pending invite past its expiry is expired, whether or not a request has stored that yet. */
export function effectiveInviteStatus(
  invite: { status: InviteStatus; expiresAt: Date | string },
  now: Date = new Date(),
): InviteStatus {
  if (invite.status === "pending" && new Date(invite.expiresAt).getTime() <= now.getTime()) return "expired";
  return invite.status;
}

/** Pending and expired invites are open: they can be sent again (spec 000 §4) or cancelled; accepted and replaced ones cannot. */
export function isOpenInvite(status: InviteStatus): boolean {
  return status === "pending" || status === "expired";
}

/** At most this many characters of a token may appear in logs and telemetry (spec 000 §7). */
export function tokenPreview(token: string): string {
  return token.slice(0, 6);
}
