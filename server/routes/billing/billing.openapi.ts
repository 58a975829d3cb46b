import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  changePlanRequestSchema,
  checkoutRequestSchema,
  checkRequestSchema,
  localSimulationSchema,
} from "../../../shared/billing/billing-dtos.ts";
import {
  billingActionSchema,
  checkoutResponseSchema,
  invoiceListSchema,
  localCheckoutSessionSchema,
  portalResponseSchema,
  redirectSchema,
  subscriptionSchema,
  webhookReceiptSchema,
} from "../../../shared/billing/billing-response-schemas.ts";

const MANAGERS =
  "Users who may manage billing only (403 BILLING_FORBIDDEN for a member of other owners' applications).";
const LOCAL = "The embedded local payments provider only (404 when Stripe is configured).";
const sessionParams = z.object({ id: z.string() });

export const billingApi = declareRoutes("Billing", [
  {
    method: "post",
    path: "/api/billing/webhook",
    summary: "Receive a payment provider event (Stripe), authenticated by its Stripe-Signature over the raw body",
    description: "Each event applies once; a replay answers `duplicate: true`.",
    body: z.looseObject({ id: z.string(), type: z.string() }),
    response: webhookReceiptSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/billing/subscription",
    summary: "The caller's subscription: plan in force, state, next charge, limits and usage",
    description: MANAGERS,
    response: subscriptionSchema,
  },
  {
    method: "post",
    path: "/api/billing/check",
    summary: "Reconcile the subscription with the provider (after a checkout) and answer it",
    description: MANAGERS,
    body: checkRequestSchema,
    response: subscriptionSchema,
  },
  {
    method: "post",
    path: "/api/billing/checkout",
    summary: "Start a checkout for a plan and cycle: answers the provider's payment page URL",
    description: MANAGERS,
    body: checkoutRequestSchema,
    response: checkoutResponseSchema,
  },
  {
    method: "post",
    path: "/api/billing/portal",
    summary: "Open the provider's billing portal (payment method, invoices): answers its URL",
    description: MANAGERS,
    response: portalResponseSchema,
  },
  {
    method: "post",
    path: "/api/billing/change-plan",
    summary: "Move to another paid plan or cycle (refused, 409 DOWNGRADE_BLOCKED, when usage exceeds its limits)",
    description: MANAGERS,
    body: changePlanRequestSchema,
    response: billingActionSchema,
  },
  {
    method: "post",
    path: "/api/billing/cancel",
    summary: "Cancel at the end of the paid period",
    description: MANAGERS,
    response: billingActionSchema,
  },
  {
    method: "post",
    path: "/api/billing/resume",
    summary: "Undo a cancellation before the period ends",
    description: MANAGERS,
    response: billingActionSchema,
  },
  {
    method: "get",
    path: "/api/billing/invoices",
    summary: "The caller's invoices, newest first",
    description: MANAGERS,
    response: invoiceListSchema,
  },
  {
    method: "get",
    path: "/api/billing/local/sessions/:id",
    summary: "Read one of the caller's local checkout sessions (the local checkout page)",
    description: LOCAL,
    params: sessionParams,
    response: localCheckoutSessionSchema,
  },
  {
    method: "post",
    path: "/api/billing/local/sessions/:id/pay",
    summary: "Pay a local checkout session: the plan starts; answers the success page to go to",
    description: LOCAL,
    params: sessionParams,
    response: redirectSchema,
  },
  {
    method: "post",
    path: "/api/billing/local/sessions/:id/cancel",
    summary: "Abandon a local checkout session; answers the cancel page to go to",
    description: LOCAL,
    params: sessionParams,
    response: redirectSchema,
  },
  {
    method: "post",
    path: "/api/billing/local/simulate",
    summary: "Make the local provider act as Stripe would over time (failed or recovered payment, period end)",
    description: LOCAL,
    body: localSimulationSchema,
    response: subscriptionSchema,
  },
]);
