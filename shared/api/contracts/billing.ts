import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import {
  changePlanRequestSchema,
  checkoutRequestSchema,
  checkRequestSchema,
  localSimulationSchema,
} from "../../billing/billing-dtos.ts";
import {
  billingActionSchema,
  checkoutResponseSchema,
  invoiceListSchema,
  localCheckoutSessionSchema,
  portalResponseSchema,
  redirectSchema,
  subscriptionSchema,
  webhookReceiptSchema,
} from "../../billing/billing-response-schemas.ts";

const TAG = "Billing";
const MANAGERS =
  "Users who may manage billing only (403 BILLING_FORBIDDEN for a member of other owners' applications).";
const LOCAL = "The embedded local payments provider only (404 when Stripe is configured).";
const sessionParams = z.object({ id: z.string() });

/** Stripe's events are a few KB; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** What every managed route may answer: not a billing manager, or billing not configured on this server. */
const MANAGED = ["BILLING_FORBIDDEN", "SERVICE_UNAVAILABLE"] as const;
const LOCAL_ONLY = [...MANAGED, "NOT_FOUND"] as const;

export const receiveBillingWebhook = defineRoute({
  operationId: "receiveBillingWebhook",
  method: "post",
  path: "/api/billing/webhook",
  tag: TAG,
  summary: "Receive a payment provider event (Stripe), authenticated by its Stripe-Signature over the raw body",
  description: "Each event applies once; a replay answers `duplicate: true`.",
  policy: "public",
  token: false,
  // The signature covers the exact text, so the handler reads it raw.
  bodyMedia: ["application/json"],
  bodyCap: { maxBytes: MAX_WEBHOOK_BYTES },
  response: webhookReceiptSchema,
  errors: ["SERVICE_UNAVAILABLE", "NOT_FOUND", "WEBHOOK_SIGNATURE_INVALID"],
});

export const getSubscription = defineRoute({
  operationId: "getSubscription",
  method: "get",
  path: "/api/billing/subscription",
  tag: TAG,
  summary: "The caller's subscription: plan in force, state, next charge, limits and usage",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  response: subscriptionSchema,
  errors: [...MANAGED],
});

export const checkSubscription = defineRoute({
  operationId: "checkSubscription",
  method: "post",
  path: "/api/billing/check",
  tag: TAG,
  summary: "Reconcile the subscription with the provider (after a checkout) and answer it",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  body: checkRequestSchema,
  bodyOptional: true,
  response: subscriptionSchema,
  errors: [...MANAGED, "CHECKOUT_SESSION_INVALID", "PAYMENT_PROVIDER_ERROR"],
});

export const startCheckout = defineRoute({
  operationId: "startCheckout",
  method: "post",
  path: "/api/billing/checkout",
  tag: TAG,
  summary: "Start a checkout for a plan and cycle: answers the provider's payment page URL",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  body: checkoutRequestSchema,
  response: checkoutResponseSchema,
  errors: [...MANAGED, "SUBSCRIPTION_EXISTS", "SAME_PLAN", "PAYMENT_PROVIDER_ERROR"],
});

export const openBillingPortal = defineRoute({
  operationId: "openBillingPortal",
  method: "post",
  path: "/api/billing/portal",
  tag: TAG,
  summary: "Open the provider's billing portal (payment method, invoices): answers its URL",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  response: portalResponseSchema,
  errors: [...MANAGED, "NO_ACTIVE_SUBSCRIPTION", "PAYMENT_PROVIDER_ERROR"],
});

export const changePlan = defineRoute({
  operationId: "changePlan",
  method: "post",
  path: "/api/billing/change-plan",
  tag: TAG,
  summary: "Move to another paid plan or cycle (refused, 409 DOWNGRADE_BLOCKED, when usage exceeds its limits)",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  body: changePlanRequestSchema,
  response: billingActionSchema,
  errors: [...MANAGED, "NO_ACTIVE_SUBSCRIPTION", "SAME_PLAN", "DOWNGRADE_BLOCKED", "PAYMENT_PROVIDER_ERROR"],
});

export const cancelSubscription = defineRoute({
  operationId: "cancelSubscription",
  method: "post",
  path: "/api/billing/cancel",
  tag: TAG,
  summary: "Cancel at the end of the paid period",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  response: billingActionSchema,
  errors: [...MANAGED, "NO_ACTIVE_SUBSCRIPTION", "PAYMENT_PROVIDER_ERROR"],
});

export const resumeSubscription = defineRoute({
  operationId: "resumeSubscription",
  method: "post",
  path: "/api/billing/resume",
  tag: TAG,
  summary: "Undo a cancellation before the period ends",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  response: billingActionSchema,
  errors: [...MANAGED, "NO_ACTIVE_SUBSCRIPTION", "PAYMENT_PROVIDER_ERROR"],
});

export const listInvoices = defineRoute({
  operationId: "listInvoices",
  method: "get",
  path: "/api/billing/invoices",
  tag: TAG,
  summary: "The caller's invoices, newest first",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  response: invoiceListSchema,
  errors: [...MANAGED, "PAYMENT_PROVIDER_ERROR"],
});

export const getLocalCheckoutSession = defineRoute({
  operationId: "getLocalCheckoutSession",
  method: "get",
  path: "/api/billing/local/sessions/:id",
  tag: TAG,
  summary: "Read one of the caller's local checkout sessions (the local checkout page)",
  description: LOCAL,
  policy: "signedIn",
  token: false,
  params: sessionParams,
  response: localCheckoutSessionSchema,
  errors: [...LOCAL_ONLY, "CHECKOUT_SESSION_INVALID"],
});

export const payLocalCheckoutSession = defineRoute({
  operationId: "payLocalCheckoutSession",
  method: "post",
  path: "/api/billing/local/sessions/:id/pay",
  tag: TAG,
  summary: "Pay a local checkout session: the plan starts; answers the success page to go to",
  description: LOCAL,
  policy: "signedIn",
  token: false,
  params: sessionParams,
  response: redirectSchema,
  errors: [...LOCAL_ONLY, "CHECKOUT_SESSION_INVALID"],
});

export const cancelLocalCheckoutSession = defineRoute({
  operationId: "cancelLocalCheckoutSession",
  method: "post",
  path: "/api/billing/local/sessions/:id/cancel",
  tag: TAG,
  summary: "Abandon a local checkout session; answers the cancel page to go to",
  description: LOCAL,
  policy: "signedIn",
  token: false,
  params: sessionParams,
  response: redirectSchema,
  errors: [...LOCAL_ONLY, "CHECKOUT_SESSION_INVALID"],
});

export const simulateLocalBilling = defineRoute({
  operationId: "simulateLocalBilling",
  method: "post",
  path: "/api/billing/local/simulate",
  tag: TAG,
  summary: "Make the local provider act as Stripe would over time (failed or recovered payment, period end)",
  description: LOCAL,
  policy: "signedIn",
  token: false,
  body: localSimulationSchema,
  response: subscriptionSchema,
  errors: [...LOCAL_ONLY, "NO_ACTIVE_SUBSCRIPTION"],
});

export const billingContracts = [
  receiveBillingWebhook,
  getSubscription,
  checkSubscription,
  startCheckout,
  openBillingPortal,
  changePlan,
  cancelSubscription,
  resumeSubscription,
  listInvoices,
  getLocalCheckoutSession,
  payLocalCheckoutSession,
  cancelLocalCheckoutSession,
  simulateLocalBilling,
];
