/**
 * npm run billing:setup — prepares a Stripe account for Campo: products and monthly/yearly BRL prices with the
 * lookup keys checkout looks for (campo_<tier>_<monthly|yearly>). Idempotent. Needs STRIPE_SECRET_KEY.
 */
import { createStripeClient } from "../server/services/billing/stripe-provider.ts";
import { setupStripeCatalog } from "../server/services/billing/stripe-setup.ts";

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) {
  console.error("STRIPE_SECRET_KEY is not set: nothing to set up (the local provider needs no setup).");
  process.exit(1);
}
const { created, existing } = await setupStripeCatalog(
  await createStripeClient({ secretKey, apiUrl: process.env.STRIPE_API_URL || undefined }),
);
for (const key of existing) console.log(`kept    ${key}`);
for (const key of created) console.log(`created ${key}`);
console.log(JSON.stringify({ created: created.length, existing: existing.length }));
