/**
 * The billing contract both sides read: what the subscription routes accept and answer. Prices and limits live in
 * `shared/plans/plans.ts`; these are the shapes around them.
 *
 * Routes (all but the webhook need a session; every one refuses, 403 BILLING_FORBIDDEN, a user who may not manage
 * billing: see `canManageBilling` in `shared/permissions/permissions.ts`):
 * - GET  /api/billing/subscription            → SubscriptionDto (the 'check-subscription' of the spec; polled every 30 s)
 * - POST /api/billing/check    CheckRequest   → SubscriptionDto (reconciles with the provider first; the success page)
 * - POST /api/billing/checkout CheckoutRequest → CheckoutResponse (a URL on the provider: Stripe or Campo's local page)
 * - POST /api/billing/portal                  → PortalResponse
 * - POST /api/billing/change-plan ChangePlanRequest → BillingActionResponse
 * - POST /api/billing/cancel                  → BillingActionResponse (cancels at the period's end)
 * - POST /api/billing/resume                  → BillingActionResponse (undoes a cancel before the period ends)
 * - GET  /api/billing/invoices                → { invoices: InvoiceDto[] }, newest first
 * - POST /api/billing/webhook                 (provider → Campo; signature checked on the raw body)
 * Local provider only (the embedded default): the checkout page `/billing/local-checkout?session=ID` calls
 * - GET  /api/billing/local/sessions/:id      → LocalCheckoutSessionDto
 * - POST /api/billing/local/sessions/:id/pay  → { redirectUrl }   (success URL with ?session_id=)
 * - POST /api/billing/local/sessions/:id/cancel → { redirectUrl } (the cancel URL)
 * and its portal page `/billing/local-portal` uses GET /api/billing/subscription and
 * - POST /api/billing/local/simulate { event: LocalSimulation } → SubscriptionDto (test controls of the local provider)
 */
import { z } from "zod";
import type { PlanTier } from "../plans/plans.ts";

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Tiers a checkout or a plan change may ask for; custom is agreed through the contact form. */
export const PURCHASABLE_TIERS = ["basico", "premium", "avancado"] as const satisfies readonly PlanTier[];
export type PurchasableTier = (typeof PURCHASABLE_TIERS)[number];

/**
 * What 'Minha assinatura' shows. free: no paid plan in force; active; past_due: the last charge failed, the plan
 * stays in force while the provider retries; canceling: active until currentPeriodEnd, then free; canceled: ended.
 */
export const SUBSCRIPTION_STATES = ["free", "active", "past_due", "canceling", "canceled"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const BILLING_PROVIDERS = ["stripe", "local"] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** The limits the usage bars read; null = unlimited. */
export interface BillingLimitsDto {
  submissions: number | null;
  applications: number | null;
  teamMembers: number | null;
  storageGb: number | null;
}

export interface BillingUsageDto {
  submissions: number;
  applications: number;
  teamMembers: number;
  storageBytes: number;
}

export interface SubscriptionDto {
  /** The tier in force: what every limit reads. */
  tier: PlanTier;
  /** A paid (or custom) plan is in force. */
  subscribed: boolean;
  state: SubscriptionState;
  billingCycle: BillingCycle | null;
  /** ISO instant: the period's end (the spec's subscription_end); null on the free plan. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Null when nothing will be charged (free, canceling, canceled, custom). */
  nextCharge: { amountCents: number; currency: string; date: string } | null;
  paymentMethod: { brand: string; last4: string } | null;
  provider: BillingProviderName;
  isCustomPlan: boolean;
  isSuperAdmin: boolean;
  limits: BillingLimitsDto;
  usage: BillingUsageDto;
}

export interface InvoiceDto {
  id: string;
  number: string | null;
  issuedAt: string;
  amountCents: number;
  currency: string;
  status: "paid" | "open" | "failed" | "void";
  /** The provider's invoice page or PDF; null when it has none. */
  url: string | null;
}

export const checkoutRequestSchema = z.object({
  planName: z.enum(PURCHASABLE_TIERS),
  billingCycle: z.enum(BILLING_CYCLES).default("monthly"),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export interface CheckoutResponse {
  url: string;
  sessionId: string;
}

export const checkRequestSchema = z.object({ sessionId: z.string().min(1).max(255).optional() });
/** @public a request type, kept for the typed API calls of issue 28. */
export type CheckRequest = z.infer<typeof checkRequestSchema>;

export const changePlanRequestSchema = z.object({
  newPlan: z.enum(PURCHASABLE_TIERS),
  billingCycle: z.enum(BILLING_CYCLES).optional(),
});
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

export interface BillingActionResponse {
  success: true;
  subscription: SubscriptionDto;
}

export interface PortalResponse {
  url: string;
}

/** `details` of a DOWNGRADE_BLOCKED error: each limit the usage exceeds on the target plan, and by how much. */
export interface LimitOverage {
  resource: keyof BillingUsageDto;
  used: number;
  limit: number;
  /** used − limit, in the resource's unit (bytes for storage). */
  over: number;
}

export interface LocalCheckoutSessionDto {
  id: string;
  tier: PurchasableTier;
  billingCycle: BillingCycle;
  amountCents: number;
  currency: string;
  status: "open" | "complete" | "canceled" | "expired";
}

/** Test controls of the local provider's portal: what Stripe would do on its own over time. */
export const LOCAL_SIMULATIONS = ["payment_failed", "payment_recovered", "period_end"] as const;
export type LocalSimulation = (typeof LOCAL_SIMULATIONS)[number];
export const localSimulationSchema = z.object({ event: z.enum(LOCAL_SIMULATIONS) });

/** The `?limit=` values of /subscription: which limit sent the owner here. */
export const LIMIT_REASONS = ["submissions", "applications", "members", "storage"] as const;
export type LimitReason = (typeof LIMIT_REASONS)[number];
