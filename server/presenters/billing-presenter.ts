import type { InvoiceRow } from "../db/queries/billing.ts";
import type { SubscriptionRow, UserLimitsRow } from "../db/queries/usage.ts";
import type { OwnerUsage } from "../services/applications/usage.ts";
import { subscriptionState } from "../services/billing/subscription-state.ts";
import type { BillingProviderName, InvoiceDto, SubscriptionDto } from "../../shared/billing/billing-dtos.ts";
import { PLANS } from "../../shared/plans/plans.ts";

export interface SubscriptionFacts {
  owner: OwnerUsage;
  row: SubscriptionRow | undefined;
  limitsRow: UserLimitsRow | undefined;
  provider: BillingProviderName;
  isSuperAdmin: boolean;
}

const CURRENCY = "BRL";

/** 'Minha assinatura': the plan in force, its state, the next charge, the card, and the usage against the limits. */
export function presentSubscription({
  owner,
  row,
  limitsRow,
  provider,
  isSuperAdmin,
}: SubscriptionFacts): SubscriptionDto {
  const { plan, usage } = owner;
  const isCustomPlan = plan.tier === "custom";
  const state = isCustomPlan ? "active" : subscriptionState(row);
  const inForceRow = state === "free" || state === "canceled" ? undefined : row;
  const cycle = inForceRow?.billingCycle ?? null;
  const periodEnd = inForceRow?.currentPeriodEnd ?? null;
  const amountCents = isCustomPlan
    ? (limitsRow?.monthlyPriceCents ?? null)
    : cycle === "yearly"
      ? PLANS[plan.tier].yearlyPriceCents
      : PLANS[plan.tier].monthlyPriceCents;
  const charges =
    (state === "active" || state === "past_due") && periodEnd !== null && amountCents !== null && amountCents > 0;
  return {
    tier: plan.tier,
    subscribed: plan.hasActiveSubscription,
    state,
    billingCycle: cycle,
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: state === "canceling",
    nextCharge: charges ? { amountCents: amountCents, currency: CURRENCY, date: periodEnd.toISOString() } : null,
    paymentMethod:
      inForceRow?.paymentMethodBrand && inForceRow.paymentMethodLast4
        ? { brand: inForceRow.paymentMethodBrand, last4: inForceRow.paymentMethodLast4 }
        : null,
    provider,
    isCustomPlan,
    isSuperAdmin,
    limits: {
      submissions: plan.limits.maxSubmissions,
      applications: plan.limits.maxApplications,
      teamMembers: plan.limits.maxTeamMembers,
      storageGb: plan.limits.storageLimitGb,
    },
    usage: {
      submissions: usage.submissions,
      applications: usage.applications,
      teamMembers: usage.teamMembers,
      storageBytes: usage.storageBytes,
    },
  };
}

export function presentInvoice(row: InvoiceRow): InvoiceDto {
  const status =
    row.status === "paid" || row.status === "open" || row.status === "failed" || row.status === "void"
      ? row.status
      : "open";
  return {
    id: row.id,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    amountCents: row.amountCents,
    currency: row.currency.toUpperCase(),
    status,
    url: row.hostedUrl ?? row.pdfUrl,
  };
}
