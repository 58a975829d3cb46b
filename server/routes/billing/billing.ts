import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson, readOptionalJson } from "../../lib/validation.ts";
import { requireBillingManager } from "../../policies/billing-access.ts";
import { applyBillingEvent } from "../../services/billing/apply-billing-event.ts";
import { billingService } from "../../services/billing/billing-service.ts";
import { localBilling } from "../../services/billing/local-billing.ts";
import type { BillingProvider } from "../../services/billing/provider.ts";
import {
  changePlanRequestSchema,
  checkoutRequestSchema,
  checkRequestSchema,
  localSimulationSchema,
  type BillingActionResponse,
  type PortalResponse,
} from "../../../shared/billing/billing-dtos.ts";

/** Stripe's events are a few KB; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** The subscription routes of the contract in shared/billing/billing-dtos.ts (all but the webhook). */
export function billingRoutes(context: AppContext, provider: BillingProvider | null): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  const service = provider && billingService(context, provider);
  const local = provider?.name === "local" ? localBilling(context) : null;

  /** Who may manage billing, then whether billing runs at all (production without a provider: 503). */
  async function authorize(c: Parameters<typeof requireBillingManager>[0]) {
    const user = await requireBillingManager(c, db);
    if (!service) throw new ApiError("SERVICE_UNAVAILABLE", "Billing is not configured on this server");
    return { user, service };
  }

  async function authorizeLocal(c: Parameters<typeof requireBillingManager>[0]) {
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

  routes.get("/api/billing/subscription", async (c) => {
    const { user, service } = await authorize(c);
    return c.json(await service.subscription(user));
  });

  routes.post("/api/billing/check", async (c) => {
    const { user, service } = await authorize(c);
    const { sessionId } = await readOptionalJson(c, checkRequestSchema);
    return c.json(await service.check(user, sessionId));
  });

  routes.post("/api/billing/checkout", async (c) => {
    const { user, service } = await authorize(c);
    const { planName, billingCycle } = await readJson(c, checkoutRequestSchema);
    return c.json(await service.checkout(user, planName, billingCycle));
  });

  routes.post("/api/billing/portal", async (c) => {
    const { user, service } = await authorize(c);
    return c.json({ url: await service.portal(user) } satisfies PortalResponse);
  });

  routes.post("/api/billing/change-plan", async (c) => {
    const { user, service } = await authorize(c);
    const { newPlan, billingCycle } = await readJson(c, changePlanRequestSchema);
    return c.json(await acted(await service.changePlan(user, newPlan, billingCycle)));
  });

  routes.post("/api/billing/cancel", async (c) => {
    const { user, service } = await authorize(c);
    return c.json(await acted(await service.setCancel(user, true)));
  });

  routes.post("/api/billing/resume", async (c) => {
    const { user, service } = await authorize(c);
    return c.json(await acted(await service.setCancel(user, false)));
  });

  routes.get("/api/billing/invoices", async (c) => {
    const { user, service } = await authorize(c);
    return c.json({ invoices: await service.invoices(user) });
  });

  routes.get("/api/billing/local/sessions/:id", async (c) => {
    const { user, local } = await authorizeLocal(c);
    return c.json(await local.session(user, c.req.param("id")));
  });

  routes.post("/api/billing/local/sessions/:id/pay", async (c) => {
    const { user, local } = await authorizeLocal(c);
    return c.json(await local.pay(user, c.req.param("id")));
  });

  routes.post("/api/billing/local/sessions/:id/cancel", async (c) => {
    const { user, local } = await authorizeLocal(c);
    return c.json(await local.cancelSession(user, c.req.param("id")));
  });

  routes.post("/api/billing/local/simulate", async (c) => {
    const { user, service, local } = await authorizeLocal(c);
    const { event } = await readJson(c, localSimulationSchema);
    await local.simulate(user, event);
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
  routes.post("/api/billing/webhook", async (c) => {
    if (!provider) throw new ApiError("SERVICE_UNAVAILABLE", "Billing is not configured on this server");
    if (!provider.webhooks) throw new ApiError("NOT_FOUND", "No such endpoint");
    // The body is capped at MAX_WEBHOOK_BYTES as it streams (server/routes/body-caps.ts); the signature covers its exact text.
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
