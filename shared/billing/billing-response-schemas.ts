import { z } from "zod";
import { PLAN_TIERS } from "../plans/plans.ts";
import {
  BILLING_CYCLES,
  BILLING_PROVIDERS,
  PURCHASABLE_TIERS,
  SUBSCRIPTION_STATES,
  type BillingActionResponse,
  type BillingLimitsDto,
  type BillingUsageDto,
  type CheckoutResponse,
  type InvoiceDto,
  type LocalCheckoutSessionDto,
  type PortalResponse,
  type SubscriptionDto,
} from "./billing-dtos.ts";

/** The billing answers as schemas (OpenAPI reference, test servers' response check), typed as their DTOs. */
const count = z.number().int().min(0);

export const billingLimitsSchema: z.ZodType<BillingLimitsDto> = z.object({
  submissions: count.nullable(),
  applications: count.nullable(),
  teamMembers: count.nullable(),
  storageGb: z.number().nullable(),
});

export const billingUsageSchema: z.ZodType<BillingUsageDto> = z.object({
  submissions: count,
  applications: count,
  teamMembers: count,
  storageBytes: count,
});

export const subscriptionSchema: z.ZodType<SubscriptionDto> = z.object({
  tier: z.enum(PLAN_TIERS),
  subscribed: z.boolean(),
  state: z.enum(SUBSCRIPTION_STATES),
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  nextCharge: z.object({ amountCents: count, currency: z.string(), date: z.string() }).nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  provider: z.enum(BILLING_PROVIDERS),
  isCustomPlan: z.boolean(),
  isSuperAdmin: z.boolean(),
  limits: billingLimitsSchema,
  usage: billingUsageSchema,
});

/** GET /api/usage: the caller's plan as an owner, its limits and what their applications use. */
export const ownerUsageSchema = z.object({
  tier: z.enum(PLAN_TIERS),
  limits: billingLimitsSchema,
  usage: billingUsageSchema,
  isSuperAdmin: z.boolean(),
});

const invoiceSchema: z.ZodType<InvoiceDto> = z.object({
  id: z.string(),
  number: z.string().nullable(),
  issuedAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(["paid", "open", "failed", "void"]),
  url: z.string().nullable(),
});

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

export const checkoutResponseSchema: z.ZodType<CheckoutResponse> = z.object({ url: z.string(), sessionId: z.string() });

export const portalResponseSchema: z.ZodType<PortalResponse> = z.object({ url: z.string() });

export const billingActionSchema: z.ZodType<BillingActionResponse> = z.object({
  success: z.literal(true),
  subscription: subscriptionSchema,
});

export const localCheckoutSessionSchema: z.ZodType<LocalCheckoutSessionDto> = z.object({
  id: z.string(),
  tier: z.enum(PURCHASABLE_TIERS),
  billingCycle: z.enum(BILLING_CYCLES),
  amountCents: count,
  currency: z.string(),
  status: z.enum(["open", "complete", "canceled", "expired"]),
});

export const redirectSchema = z.object({ redirectUrl: z.string() });

/** What Campo answers the provider: received, and whether the event was ignored (not ours) or already applied. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  ignored: z.boolean().optional(),
  duplicate: z.boolean().optional(),
});
