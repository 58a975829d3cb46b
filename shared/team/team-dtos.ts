import type { MemberRole } from "../permissions/permissions.ts";
import type { GrantableRole, InviteStatus, MemberStatus } from "./team-schemas.ts";

/** The JSON the team and invite routes answer with (server presenters build exactly these). */
export interface MemberApplication {
  applicationId: string;
  applicationName: string;
  role: MemberRole;
}

export interface TeamMember {
  id: string;
  /** Whose team this is: members belong to an application owner's team. */
  ownerId: string;
  name: string;
  email: string;
  status: MemberStatus;
  /** Has an account linked (accepted an invite). */
  linked: boolean;
  /** Only the applications the caller administers. */
  applications: MemberApplication[];
}

/** An application whose team the caller manages: owned, or held as invited administrator. */
export interface ManagedApplication {
  id: string;
  name: string;
  ownerId: string;
  role: "owner" | "admin_invited";
}

/** Seats of the caller's own team: active members plus pending invites, against the plan (null = unlimited). */
export interface TeamSeats {
  used: number;
  limit: number | null;
}

export interface TeamMembersResponse {
  members: TeamMember[];
  applications: ManagedApplication[];
  seats: TeamSeats;
}

export interface InviteApplication {
  id: string;
  name: string;
  role: GrantableRole;
}

export interface Invite {
  id: string;
  email: string;
  name: string;
  status: InviteStatus;
  sentAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  applications: InviteApplication[];
}

/** When the e-mail could not be sent the invite still exists and the link is handed to the inviter instead. */
export interface SentInvite {
  invite: Invite;
  emailSent: boolean;
  link?: string;
}

export const INVITE_REASONS = ["invalid", "expired", "already_member", "already_accepted"] as const;
export type InviteReason = (typeof INVITE_REASONS)[number];

export interface InviteValidation {
  isValid: boolean;
  reason: InviteReason | null;
  invite: { email: string; name: string; ownerName: string; applications: InviteApplication[] } | null;
  hasAccount: boolean;
  isMember: boolean;
}

export interface AcceptedInvite {
  accepted: true;
  applications: InviteApplication[];
}
