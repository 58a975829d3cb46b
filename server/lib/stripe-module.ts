import type StripeModule from "stripe";

type StripeSdk = typeof StripeModule;

let loading: Promise<StripeSdk> | undefined;

/**
 * The Stripe SDK, imported on first use (a billing call, a webhook, `npm run billing:setup`): most starts serve no
 * billing request, and evaluating it was part of the ~13 MB of heap every start paid (docs/decisions.md).
 */
export function loadStripe(): Promise<StripeSdk> {
  return (loading ??= import("stripe").then((module) => module.default));
}
