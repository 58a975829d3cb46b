import type { AdminApplicationRow } from "../db/queries/admin-applications.ts";
import type { AdminMessageRow, MessageReplyRow } from "../db/queries/admin-messages.ts";
import type { AdminUserRow } from "../db/queries/admin-users.ts";
import type { OutboxEmail } from "../db/queries/email-outbox.ts";
import type { UserLimitsRow } from "../db/queries/usage.ts";
import { isInForce } from "../services/billing/subscription-state.ts";
import type {
  AdminEmailDetail,
  AdminEmailSummary,
  AdminApplication,
  AdminLimits,
  AdminMessageDetail,
  AdminMessageSummary,
  AdminSubscription,
  AdminUserSummary,
} from "../../shared/admin/admin-dtos.ts";

/** The tier in force, decided as loadOwnerSubscription does: a custom plan first, then a paid plan in force. */
function tierInForce(row: AdminUserRow): string {
  if (row.is_custom_plan) return "custom";
  if (row.tier === null || row.status === null) return "free";
  const inForce = isInForce({
    tier: row.tier,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
    currentPeriodEnd: row.current_period_end === null ? null : new Date(row.current_period_end),
  });
  return inForce ? row.tier : "free";
}

export function presentAdminUser(row: AdminUserRow, superAdminEmails: readonly string[]): AdminUserSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    empresa: row.empresa ?? "",
    emailVerified: row.email_verified,
    disabled: row.disabled_at !== null,
    isSuperAdmin: superAdminEmails.includes(row.email.toLowerCase()),
    plan: {
      tier: tierInForce(row),
      status: row.status,
      billingCycle: row.billing_cycle,
      isCustomPlan: row.is_custom_plan === true,
    },
    usage: {
      records: row.records,
      applications: row.applications,
      members: row.members,
      storageBytes: Number(row.storage_bytes),
    },
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

export function presentAdminSubscription(row: AdminUserRow): AdminSubscription | null {
  if (row.tier === null || row.status === null) return null;
  return {
    tier: row.tier,
    status: row.status,
    billingCycle: row.billing_cycle ?? "monthly",
    provider: row.provider ?? "local",
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
    currentPeriodEnd: row.current_period_end,
  };
}

export function presentAdminLimits(row: UserLimitsRow | undefined): AdminLimits {
  return {
    maxTeamMembers: row?.maxTeamMembers ?? null,
    maxApplications: row?.maxApplications ?? null,
    maxSubmissions: row?.maxSubmissions ?? null,
    storageLimitGb: row?.storageLimitGb ?? null,
    monthlyPriceCents: row?.monthlyPriceCents ?? null,
    isCustomPlan: row?.isCustomPlan ?? false,
  };
}

export function presentAdminApplication(row: AdminApplicationRow): AdminApplication {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
    fieldCount: row.field_count,
    recordCount: row.record_count,
    lastRecordAt: row.last_record_at,
    createdAt: row.created_at,
  };
}

export function presentAdminMessage(row: AdminMessageRow): AdminMessageSummary {
  return {
    kind: row.kind,
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    subject: row.subject,
    status: row.status,
    hasImage: row.has_image,
    createdAt: row.created_at,
  };
}

export function presentAdminMessageDetail(row: AdminMessageRow, replies: MessageReplyRow[]): AdminMessageDetail {
  return {
    ...presentAdminMessage(row),
    celular: row.celular,
    message: row.message,
    imageUrl: row.has_image ? `/api/support/${row.id}/image` : null,
    replies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      author: reply.authorName,
      emailOutboxId: reply.emailOutboxId,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

export function presentAdminEmail(row: Omit<OutboxEmail, "textBody" | "htmlBody">): AdminEmailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminEmailDetail(row: OutboxEmail): AdminEmailDetail {
  return {
    ...presentAdminEmail(row),
    text: row.textBody,
    html: row.htmlBody,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
