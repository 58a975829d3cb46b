import { z } from "zod";
import { BILLING_CYCLES } from "../billing/billing-dtos.ts";
import type {
  AdminApplication,
  AdminEmailDetail,
  AdminEmailSummary,
  AdminMessageDetail,
  AdminMessageSummary,
  AdminRevenue,
  AdminUserDetail,
  AdminUserSummary,
  Page,
} from "./admin-dtos.ts";
import { EMAIL_STATUSES } from "./admin-dtos.ts";
import { MESSAGE_KINDS, MESSAGE_STATUSES } from "./admin-schemas.ts";

/** The admin panel's answers as schemas (OpenAPI reference, test servers' response check), typed as their DTOs. */
const count = z.number().int().min(0);
const limit = count.nullable();

function pageOf<T>(item: z.ZodType<T>): z.ZodType<Page<T>> {
  return z.object({ items: z.array(item), total: count, page: z.number().int(), pageSize: z.number().int() });
}

const userSummarySchema: z.ZodType<AdminUserSummary> = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  empresa: z.string(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  isSuperAdmin: z.boolean(),
  plan: z.object({
    tier: z.string(),
    status: z.string().nullable(),
    billingCycle: z.enum(BILLING_CYCLES).nullable(),
    isCustomPlan: z.boolean(),
  }),
  usage: z.object({ records: count, applications: count, members: count, storageBytes: count }),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});

const applicationSchema: z.ZodType<AdminApplication> = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  owner: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  fieldCount: count,
  recordCount: count,
  lastRecordAt: z.string().nullable(),
  createdAt: z.string(),
});

export const adminUserPageSchema = pageOf(userSummarySchema);
export const adminApplicationPageSchema = pageOf(applicationSchema);

export const adminUserDetailSchema: z.ZodType<AdminUserDetail> = z.object({
  user: userSummarySchema,
  subscription: z
    .object({
      tier: z.string(),
      status: z.string(),
      billingCycle: z.enum(BILLING_CYCLES),
      provider: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  limits: z.object({
    maxTeamMembers: limit,
    maxApplications: limit,
    maxSubmissions: limit,
    storageLimitGb: z.number().nullable(),
    monthlyPriceCents: limit,
    isCustomPlan: z.boolean(),
  }),
  effectiveLimits: z.object({
    submissions: limit,
    applications: limit,
    teamMembers: limit,
    storageGb: z.number().nullable(),
  }),
  applications: z.array(applicationSchema),
});

const messageSummaryShape = {
  kind: z.enum(MESSAGE_KINDS),
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  hasImage: z.boolean(),
  createdAt: z.string(),
};
const messageSummarySchema: z.ZodType<AdminMessageSummary> = z.object(messageSummaryShape);

export const adminMessagePageSchema = pageOf(messageSummarySchema);

export const adminMessageDetailSchema: z.ZodType<AdminMessageDetail> = z.object({
  ...messageSummaryShape,
  celular: z.string(),
  message: z.string(),
  imageUrl: z.string().nullable(),
  replies: z.array(
    z.object({
      id: z.uuid(),
      body: z.string(),
      author: z.string().nullable(),
      emailOutboxId: z.uuid().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const adminRevenueSchema: z.ZodType<AdminRevenue> = z.object({
  byPlan: z.array(
    z.object({ tier: z.string(), billingCycle: z.enum(BILLING_CYCLES), subscriptions: count, mrrCents: count }),
  ),
  mrrCents: count,
  activeSubscriptions: count,
  pastDue: count,
  currency: z.literal("BRL"),
});

const emailSummaryShape = {
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  createdAt: z.string(),
};
const emailSummarySchema: z.ZodType<AdminEmailSummary> = z.object(emailSummaryShape);

export const adminEmailPageSchema = pageOf(emailSummarySchema);

export const adminEmailDetailSchema: z.ZodType<AdminEmailDetail> = z.object({
  ...emailSummaryShape,
  text: z.string(),
  html: z.string().nullable(),
  attempts: count,
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
