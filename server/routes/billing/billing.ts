import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { requireBillingManager } from "../../policies/billing-access.ts";
import { applyBillingEvent } from "../../services/billing/apply-billing-event.ts";
import { billingService } from "../../services/billing/billing-service.ts";
import { localBilling } from "../../services/billing/local-billing.ts";
import type { BillingProvider } from "../../services/billing/provider.ts";
import type { BillingActionResponse, PortalResponse } from "../../../shared/billing/billing-dtos.ts";
import * as contracts from "../../../shared/api/contracts/billing.ts";

/** The subscription routes (all but the webhook): for those who may manage billing (policies/billing-access.ts). */
export function billingRoutes(context: AppContext, provider: BillingProvider | null): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  const service = provider && billingService(context, provider);
  const local = provider?.name === "local" ? localBilling(context) : null;

  /** Who may manage billing (finer than the signed-in policy), then whether billing runs at all (no provider: 503). */
  async function authorize(c: Context<AppEnv>) {
    const user = await requireBillingManager(c, db);
    if (!service) throw new ApiError("SERVICE_UNAVAILABLE", "Billing is not configured on this server");
    return { user, service };
  }

  async function authorizeLocal(c: Context<AppEnv>) {
    const { user, service } = await authorize(c);
    if (!local) throw new ApiError("NOT_FOUND", "No such endpoint");
    return { user, service, local };
  }

  const acted = async (subscription: BillingActionResponse["subscription"]): Promise<BillingActionResponse> => ({
    success: true,
    subscription,
  });

  // Billing answers are personal and change with every payment: never cached.
  routes.use("/api/billing/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  mountRoute(routes, db, contracts.getSubscription, async (c) => {
    const { user, service } = await authorize(c);
    return c.json(await service.subscription(user));
  });

  mountRoute(routes, db, contracts.checkSubscription, async (c, { body }) => {
    const { user, service } = await authorize(c);
    return c.json(await service.check(user, body.sessionId));
  });

  mountRoute(routes, db, contracts.startCheckout, async (c, { body }) => {
    const { user, service } = await authorize(c);
    return c.json(await service.checkout(user, body.planName, body.billingCycle));
  });

  mountRoute(routes, db, contracts.openBillingPortal, async (c) => {
    const { user, service } = await authorize(c);
    return c.json({ url: await service.portal(user) } satisfies PortalResponse);
  });

  mountRoute(routes, db, contracts.changePlan, async (c, { body }) => {
    const { user, service } = await authorize(c);
    return c.json(await acted(await service.changePlan(user, body.newPlan, body.billingCycle)));
  });

  mountRoute(routes, db, contracts.cancelSubscription, async (c) => {
    const { user, service } = await authorize(c);
    return c.json(await acted(await service.setCancel(user, true)));
  });

  mountRoute(routes, db, contracts.resumeSubscription, async (c) => {
    const { user, service } = await authorize(c);
    return c.json(await acted(await service.setCancel(user, false)));
  });

  mountRoute(routes, db, contracts.listInvoices, async (c) => {
    const { user, service } = await authorize(c);
    return c.json({ invoices: await service.invoices(user) });
  });

  mountRoute(routes, db, contracts.getLocalCheckoutSession, async (c, { params }) => {
    const { user, local } = await authorizeLocal(c);
    return c.json(await local.session(user, params.id));
  });

  mountRoute(routes, db, contracts.payLocalCheckoutSession, async (c, { params }) => {
    const { user, local } = await authorizeLocal(c);
    return c.json(await local.pay(user, params.id));
  });

  mountRoute(routes, db, contracts.cancelLocalCheckoutSession, async (c, { params }) => {
    const { user, local } = await authorizeLocal(c);
    return c.json(await local.cancelSession(user, params.id));
  });

  mountRoute(routes, db, contracts.simulateLocalBilling, async (c, { body }) => {
    const { user, service, local } = await authorizeLocal(c);
    await local.simulate(user, body.event);
    return c.json(await service.subscription(user));
  });

  return routes;
}

/**
 * POST /api/billing/webhook: the provider calling Campo. No session and no CSRF check (app.ts mounts it before
 * both): the signature over the raw body is the authentication, and each event applies once.
 */
export function billingWebhookRoutes(context: AppContext, provider: BillingProvider | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  mountRoute(routes, context.database.db, contracts.receiveBillingWebhook, async (c) => {
    if (!provider) throw new ApiError("SERVICE_UNAVAILABLE", "Billing is not configured on this server");
    if (!provider.webhooks) throw new ApiError("NOT_FOUND", "No such endpoint");
    // The body is capped at MAX_WEBHOOK_BYTES as it streams (the contract's bodyCap); the signature covers its exact text.
    const raw = await c.req.text();
    const signature = c.req.header("stripe-signature");
    if (!signature) throw new ApiError("WEBHOOK_SIGNATURE_INVALID", "Missing signature");
    const event = await provider.webhooks.parse(raw, signature);
    if (!event) return c.json({ received: true, ignored: true });
    const applied = await applyBillingEvent(context, provider.name, event);
    return c.json({ received: true, duplicate: !applied });
  });
  return routes;
}
