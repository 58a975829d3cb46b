import type Stripe from "stripe";
import { BILLING_CYCLES, PURCHASABLE_TIERS } from "../../../shared/billing/billing-dtos.ts";
import { PLANS } from "../../../shared/plans/plans.ts";
import { PRICE_LOOKUP_KEYS, priceLookupKey } from "./price-keys.ts";

const PRODUCT_NAMES = { basico: "Campo Básico", premium: "Campo Premium", avancado: "Campo Avançado" } as const;

/**
 * Creates what checkout needs in a Stripe account: one product per paid tier (`campo_<tier>`) and its monthly and
 * yearly BRL prices under their lookup keys. Runs any number of times: what exists is kept.
 */
export async function setupStripeCatalog(stripe: Stripe): Promise<{ created: string[]; existing: string[] }> {
  const prices = await stripe.prices.list({ lookup_keys: [...PRICE_LOOKUP_KEYS], limit: 100 });
  const existing = new Set(prices.data.map((price) => price.lookup_key));
  const created: string[] = [];
  for (const tier of PURCHASABLE_TIERS) {
    const productId = `campo_${tier}`;
    for (const cycle of BILLING_CYCLES) {
      const key = priceLookupKey(tier, cycle);
      if (existing.has(key)) continue;
      await ensureProduct(stripe, productId, PRODUCT_NAMES[tier]);
      const amount = cycle === "yearly" ? PLANS[tier].yearlyPriceCents : PLANS[tier].monthlyPriceCents;
      await stripe.prices.create({
        product: productId,
        currency: "brl",
        unit_amount: amount ?? 0,
        recurring: { interval: cycle === "yearly" ? "year" : "month" },
        lookup_key: key,
        nickname: `${PRODUCT_NAMES[tier]} (${cycle})`,
      });
      created.push(key);
    }
  }
  return { created, existing: PRICE_LOOKUP_KEYS.filter((key) => existing.has(key)) };
}

async function ensureProduct(stripe: Stripe, id: string, name: string): Promise<void> {
  try {
    await stripe.products.retrieve(id);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    await stripe.products.create({ id, name });
  }
}
