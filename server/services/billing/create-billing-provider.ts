import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { createLocalProvider } from "./local-provider.ts";
import type { BillingProvider } from "./provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** The provider config.billing chose; null when billing is unavailable (routes then answer 503). */
export function createBillingProvider(config: Config, db: Db): BillingProvider | null {
  const billing = config.billing;
  if (billing.provider === "stripe")
    return createStripeProvider({
      secretKey: billing.secretKey,
      webhookSecret: billing.webhookSecret,
      apiUrl: billing.apiUrl,
    });
  if (billing.provider === "local") return createLocalProvider(db, config.publicUrl);
  return null;
}
