import type Stripe from "stripe";
import { ApiError } from "../../lib/api-error.ts";
import { logger } from "../../lib/logger.ts";
import { loadStripe } from "../../lib/stripe-module.ts";
import type { BillingCycle, PurchasableTier } from "../../../shared/billing/billing-dtos.ts";
import { PRICE_LOOKUP_KEYS, priceLookupKey } from "./price-keys.ts";
import type { BillingProvider, CheckoutOutcome, SubscriptionSnapshot } from "./provider.ts";
import { normalizeStripeEvent, subscriptionSnapshot } from "./stripe-mapping.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Test hook: a local fake of Stripe's API, e.g. http://127.0.0.1:12111. */
  apiUrl?: string;
}

/** The SDK client, pointed at STRIPE_API_URL when set (tests); also used by `npm run billing:setup`. */
export async function createStripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Promise<Stripe> {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const StripeSdk = await loadStripe();
  return new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? { host: target.hostname, port: target.port, protocol: target.protocol === "http:" ? "http" : "https" }
      : {}),
  });
}

/** Any failure talking to Stripe becomes PAYMENT_PROVIDER_ERROR (502): the owner can retry, nothing was changed here. */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logger.warn("Stripe request failed", { what, error });
    throw new ApiError("PAYMENT_PROVIDER_ERROR", `Stripe: ${what} failed`);
  }
}

export function createStripeProvider(settings: StripeSettings): BillingProvider {
  // The SDK is loaded by the first call that needs it, outside call() and the webhook's signature check: a failing
  // import is an internal error, not a provider error or a bad signature.
  let client: Promise<Stripe> | undefined;
  const stripeClient = () => (client ??= createStripeClient(settings));
  const withStripe = async <T>(what: string, request: (stripe: Stripe) => Promise<T>): Promise<T> => {
    const stripe = await stripeClient();
    return call(what, () => request(stripe));
  };
  // Prices change only through billing:setup or the dashboard; a restart picks up a new one.
  let prices: Promise<Map<string, string>> | undefined;

  async function priceId(stripe: Stripe, tier: PurchasableTier, cycle: BillingCycle): Promise<string> {
    prices ??= stripe.prices
      .list({ lookup_keys: [...PRICE_LOOKUP_KEYS], active: true, limit: 100 })
      .then(
        (list) =>
          new Map(list.data.filter((price) => price.lookup_key).map((price) => [price.lookup_key as string, price.id])),
      );
    const found = (
      await prices.catch((error: unknown) => {
        prices = undefined;
        throw error;
      })
    ).get(priceLookupKey(tier, cycle));
    if (!found) {
      prices = undefined;
      throw new ApiError(
        "PAYMENT_PROVIDER_ERROR",
        `No Stripe price with lookup key ${priceLookupKey(tier, cycle)}: run npm run billing:setup`,
      );
    }
    return found;
  }

  async function retrieveSubscription(stripe: Stripe, id: string): Promise<SubscriptionSnapshot> {
    return subscriptionSnapshot(await stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] }));
  }

  return {
    name: "stripe",

    createCustomer: (owner) =>
      withStripe(
        "create customer",
        async (stripe) =>
          (
            await stripe.customers.create(
              { email: owner.email, name: owner.name, metadata: { userId: owner.id } },
              // A checkout rolled back after creating the customer (its row never written) gets the same one again.
              { idempotencyKey: `campo-customer-${owner.id}` },
            )
          ).id,
      ),

    createCheckout: (input) =>
      withStripe("create checkout session", async (stripe) => {
        const metadata = { userId: input.owner.id, tier: input.tier, billingCycle: input.cycle };
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: input.customerId,
          client_reference_id: input.owner.id,
          line_items: [{ price: await priceId(stripe, input.tier, input.cycle), quantity: 1 }],
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url)
          throw new ApiError("PAYMENT_PROVIDER_ERROR", "Stripe returned a checkout session without a URL");
        return { sessionId: session.id, url: session.url };
      }),

    retrieveCheckout: (sessionId) =>
      withStripe("retrieve checkout session", async (stripe) => {
        const session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ["subscription", "subscription.default_payment_method"],
        });
        const subscription =
          session.subscription !== null && typeof session.subscription === "object"
            ? subscriptionSnapshot(session.subscription)
            : null;
        const status: CheckoutOutcome["status"] =
          session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open";
        return { status, subscription };
      }),

    expireCheckout: (sessionId) =>
      withStripe("expire checkout session", async (stripe) => {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === "complete") return "complete";
        if (session.status === "open") await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      }),

    retrieveSubscription: (id) => withStripe("retrieve subscription", (stripe) => retrieveSubscription(stripe, id)),

    portalUrl: (customerId, returnUrl) =>
      withStripe(
        "create portal session",
        async (stripe) =>
          (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),

    changePlan: (current, tier, cycle) =>
      withStripe("change plan", async (stripe) => {
        const live = await stripe.subscriptions.retrieve(current.providerSubscriptionId);
        const item = live.items.data[0];
        if (!item) throw new ApiError("NO_ACTIVE_SUBSCRIPTION", "The subscription has no item to change");
        const updated = await stripe.subscriptions.update(current.providerSubscriptionId, {
          items: [{ id: item.id, price: await priceId(stripe, tier, cycle) }],
          proration_behavior: "create_prorations",
          metadata: { userId: current.userId, tier, billingCycle: cycle },
          expand: ["default_payment_method"],
        });
        return subscriptionSnapshot(updated);
      }),

    setCancelAtPeriodEnd: (current, cancel) =>
      withStripe(cancel ? "cancel subscription" : "resume subscription", async (stripe) =>
        subscriptionSnapshot(
          await stripe.subscriptions.update(current.providerSubscriptionId, {
            cancel_at_period_end: cancel,
            expand: ["default_payment_method"],
          }),
        ),
      ),

    webhooks: {
      async parse(rawBody, signature) {
        const stripe = await stripeClient();
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
        } catch {
          throw new ApiError("WEBHOOK_SIGNATURE_INVALID", "Webhook signature verification failed");
        }
        return normalizeStripeEvent(event, (id) =>
          call("retrieve subscription", () => retrieveSubscription(stripe, id)),
        );
      },
    },
  };
}
