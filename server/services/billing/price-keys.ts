import {
  BILLING_CYCLES,
  PURCHASABLE_TIERS,
  type BillingCycle,
  type PurchasableTier,
} from "../../../shared/billing/billing-dtos.ts";

/** Stripe prices are found by lookup key, so the same code runs against any account `npm run billing:setup` prepared. */
export function priceLookupKey(tier: PurchasableTier, cycle: BillingCycle): string {
  return `campo_${tier}_${cycle}`;
}

export const PRICE_LOOKUP_KEYS: readonly string[] = PURCHASABLE_TIERS.flatMap((tier) =>
  BILLING_CYCLES.map((cycle) => priceLookupKey(tier, cycle)),
);

export function parsePriceLookupKey(
  key: string | null | undefined,
): { tier: PurchasableTier; cycle: BillingCycle } | null {
  const match = /^campo_([a-z]+)_([a-z]+)$/.exec(key ?? "");
  if (!match) return null;
  const tier = PURCHASABLE_TIERS.find((t) => t === match[1]);
  const cycle = BILLING_CYCLES.find((c) => c === match[2]);
  return tier && cycle ? { tier, cycle } : null;
}
