import { z } from "zod";
import { MEMBER_ROLES } from "../permissions/permissions.ts";
import {
  INVITE_REASONS,
  type AcceptedInvite,
  type Invite,
  type InviteValidation,
  type SentInvite,
  type TeamMembersResponse,
} from "./team-dtos.ts";
import { GRANTABLE_ROLES, INVITE_STATUSES, MEMBER_STATUSES } from "./team-schemas.ts";

/** The team and invite answers as schemas (OpenAPI reference, test servers' response check), typed as their DTOs. */
export const teamMembersSchema: z.ZodType<TeamMembersResponse> = z.object({
  members: z.array(
    z.object({
      id: z.uuid(),
      ownerId: z.uuid(),
      name: z.string(),
      email: z.string(),
      status: z.enum(MEMBER_STATUSES),
      linked: z.boolean(),
      applications: z.array(
        z.object({ applicationId: z.uuid(), applicationName: z.string(), role: z.enum(MEMBER_ROLES) }),
      ),
    }),
  ),
  applications: z.array(
    z.object({ id: z.uuid(), name: z.string(), ownerId: z.uuid(), role: z.enum(["owner", "admin_invited"]) }),
  ),
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});

export const memberStatusResponseSchema = z.object({
  member: z.object({ id: z.uuid(), status: z.enum(MEMBER_STATUSES) }),
});

export const memberRoleResponseSchema = z.object({ applicationId: z.uuid(), role: z.enum(MEMBER_ROLES) });

const inviteApplication = z.object({ id: z.uuid(), name: z.string(), role: z.enum(GRANTABLE_ROLES) });

const inviteSchema: z.ZodType<Invite> = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  status: z.enum(INVITE_STATUSES),
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  applications: z.array(inviteApplication),
});

export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });

export const sentInviteSchema: z.ZodType<SentInvite> = z.object({
  invite: inviteSchema,
  emailSent: z.boolean(),
  link: z.string().optional(),
});

export const inviteValidationSchema: z.ZodType<InviteValidation> = z.object({
  isValid: z.boolean(),
  reason: z.enum(INVITE_REASONS).nullable(),
  invite: z
    .object({
      email: z.string(),
      name: z.string(),
      ownerName: z.string(),
      applications: z.array(inviteApplication),
    })
    .nullable(),
  hasAccount: z.boolean(),
  isMember: z.boolean(),
});

export const acceptedInviteSchema: z.ZodType<AcceptedInvite> = z.object({
  accepted: z.literal(true),
  applications: z.array(inviteApplication),
});
