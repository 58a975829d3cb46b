import type { BillingCycle } from "../billing/billing-dtos.ts";
import type { MessageKind, MessageStatus } from "./admin-schemas.ts";

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUsage {
  records: number;
  applications: number;
  members: number;
  storageBytes: number;
}

export interface AdminPlan {
  /** The tier in force (free when no paid subscription is in force; custom when user_limits says so). */
  tier: string;
  /** The provider's subscription status, or null with no subscription row. */
  status: string | null;
  billingCycle: BillingCycle | null;
  isCustomPlan: boolean;
}

export interface AdminUserSummary {
  id: string;
  name: string;
  email: string;
  empresa: string;
  emailVerified: boolean;
  disabled: boolean;
  isSuperAdmin: boolean;
  plan: AdminPlan;
  usage: AdminUsage;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface AdminLimits {
  maxTeamMembers: number | null;
  maxApplications: number | null;
  maxSubmissions: number | null;
  storageLimitGb: number | null;
  monthlyPriceCents: number | null;
  isCustomPlan: boolean;
}

export interface AdminSubscription {
  tier: string;
  status: string;
  billingCycle: BillingCycle;
  provider: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

export interface AdminApplication {
  id: string;
  name: string;
  active: boolean;
  owner: { id: string; name: string; email: string };
  fieldCount: number;
  recordCount: number;
  lastRecordAt: string | null;
  createdAt: string;
}

export interface AdminUserDetail {
  user: AdminUserSummary;
  subscription: AdminSubscription | null;
  /** The user_limits row as stored (null values: the plan decides). */
  limits: AdminLimits;
  /** What applies after the overrides (null = unlimited). */
  effectiveLimits: {
    submissions: number | null;
    applications: number | null;
    teamMembers: number | null;
    storageGb: number | null;
  };
  applications: AdminApplication[];
}

export interface AdminMessageSummary {
  kind: MessageKind;
  id: string;
  fullName: string;
  email: string;
  subject: string;
  status: MessageStatus;
  hasImage: boolean;
  createdAt: string;
}

export interface AdminMessageReply {
  id: string;
  body: string;
  author: string | null;
  emailOutboxId: string | null;
  createdAt: string;
}

export interface AdminMessageDetail extends AdminMessageSummary {
  celular: string;
  message: string;
  /** The super-admin-only image route of a support message's attachment (GET /api/support/:id/image). */
  imageUrl: string | null;
  replies: AdminMessageReply[];
}

export interface RevenuePlanRow {
  tier: string;
  billingCycle: BillingCycle;
  subscriptions: number;
  mrrCents: number;
}

export interface AdminRevenue {
  byPlan: RevenuePlanRow[];
  mrrCents: number;
  activeSubscriptions: number;
  pastDue: number;
  currency: "BRL";
}

/** What email_outbox says of a message: pending and failed under SMTP, sent, or logged (no SMTP: the log line was all). */
export const EMAIL_STATUSES = ["pending", "logged", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One row of the admin's "E-mails enviados" list. */
export interface AdminEmailSummary {
  id: string;
  to: string;
  subject: string;
  /** What it is for: welcome, password_reset, invite, … */
  kind: string;
  status: EmailStatus;
  createdAt: string;
}

/** The whole message: the text as written, the HTML part (if any) to be shown sandboxed, and its delivery. */
export interface AdminEmailDetail extends AdminEmailSummary {
  text: string;
  html: string | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}
