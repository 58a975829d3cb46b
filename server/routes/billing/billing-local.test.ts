/**
 * The local provider (the embedded default: no Stripe account): checkout on Campo's own page, payment, the
 * simulated life of a subscription (failed and recovered charges, the end of a period), and its refusal in
 * production unless chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema/index.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { emailsTo, errorOf, subscriptionOf } from "./billing-fixtures.ts";
import type {
  CheckoutResponse,
  InvoiceDto,
  LocalCheckoutSessionDto,
  SubscriptionDto,
} from "../../../shared/billing/billing-dtos.ts";

describe("local billing provider", () => {
  let server: TestServer;
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
  });
  afterAll(() => server.stop());

  async function owner(label: string): Promise<{ client: HttpClient; user: { id: string; email: string } }> {
    const client = server.client();
    return { client, user: await signUpAs(client, `${label}@campo.test`) };
  }

  async function checkout(client: HttpClient, planName: string, billingCycle = "monthly"): Promise<CheckoutResponse> {
    const response = await client.post("/api/billing/checkout", { planName, billingCycle });
    expect(response.status).toBe(200);
    return (await response.json()) as CheckoutResponse;
  }

  const simulate = async (client: HttpClient, event: string) => {
    const response = await client.post("/api/billing/local/simulate", { event });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SubscriptionDto;
  };

  it("checkout → Campo's checkout page → pay → active, with a paid invoice and the activation e-mail", async () => {
    const { client, user } = await owner("local-pay");
    const session = await checkout(client, "premium", "yearly");
    expect(session.url).toBe(`${server.url}/billing/local-checkout?session=${session.sessionId}`);
    expect((await client.get("/api/billing/subscription")).headers.get("cache-control")).toBe("no-store");
    const page = (await (
      await client.get(`/api/billing/local/sessions/${session.sessionId}`)
    ).json()) as LocalCheckoutSessionDto;
    expect(page).toEqual({
      id: session.sessionId,
      tier: "premium",
      billingCycle: "yearly",
      amountCents: 218900,
      currency: "BRL",
      status: "open",
    });

    // A double click: two payments of the same session at once charge once.
    const pay = () => client.post(`/api/billing/local/sessions/${session.sessionId}/pay`);
    const [paid, again] = await Promise.all([pay(), pay()]);
    expect(await paid.json()).toEqual({
      redirectUrl: `${server.url}/subscription-success?session_id=${session.sessionId}`,
    });
    expect(again.status).toBe(200);
    const checked = (await (
      await client.post("/api/billing/check", { sessionId: session.sessionId })
    ).json()) as SubscriptionDto;
    expect(checked).toMatchObject({
      tier: "premium",
      state: "active",
      billingCycle: "yearly",
      provider: "local",
      paymentMethod: { brand: "visa", last4: "4242" },
    });
    expect(checked.nextCharge?.amountCents).toBe(218900);
    const periodDays = (Date.parse(checked.currentPeriodEnd!) - Date.now()) / 86_400_000;
    expect(periodDays).toBeGreaterThan(364);
    const { invoices } = (await (await client.get("/api/billing/invoices")).json()) as { invoices: InvoiceDto[] };
    expect(invoices).toEqual([expect.objectContaining({ status: "paid", amountCents: 218900, currency: "BRL" })]);
    expect(await emailsTo(db(), user.email, "plan_activated")).toHaveLength(1);
    // Paying again later changes nothing more.
    expect((await pay()).status).toBe(200);
    expect(
      ((await (await client.get("/api/billing/invoices")).json()) as { invoices: unknown[] }).invoices,
    ).toHaveLength(1);
    expect((await client.post("/api/billing/portal")).status).toBe(200);
    // The check takes an empty body too (no session id: re-read the stored state).
    const bare = await client.request("/api/billing/check", { method: "POST" });
    expect(((await bare.json()) as SubscriptionDto).tier).toBe("premium");
  });

  it("a canceled checkout leaves the owner on the free plan and the session closed", async () => {
    const { client } = await owner("local-cancel-checkout");
    const session = await checkout(client, "basico");
    expect(await (await client.post(`/api/billing/local/sessions/${session.sessionId}/cancel`)).json()).toEqual({
      redirectUrl: `${server.url}/subscription-canceled`,
    });
    expect(await errorOf(await client.post(`/api/billing/local/sessions/${session.sessionId}/pay`))).toMatchObject({
      status: 404,
      code: "CHECKOUT_SESSION_INVALID",
    });
    expect((await subscriptionOf(client)).state).toBe("free");
  });

  it("a session is only its owner's", async () => {
    const first = await owner("local-session-a");
    const second = await owner("local-session-b");
    const session = await checkout(first.client, "basico");
    expect(await errorOf(await second.client.get(`/api/billing/local/sessions/${session.sessionId}`))).toMatchObject({
      status: 404,
      code: "CHECKOUT_SESSION_INVALID",
    });
    expect(
      await errorOf(await second.client.post(`/api/billing/local/sessions/${session.sessionId}/pay`)),
    ).toMatchObject({ status: 404, code: "CHECKOUT_SESSION_INVALID" });
  });

  it("failed and recovered charges, renewal, then cancel and the period's end bring the free plan back", async () => {
    const { client, user } = await owner("local-life");
    const session = await checkout(client, "basico");
    await client.post(`/api/billing/local/sessions/${session.sessionId}/pay`);

    expect(await simulate(client, "payment_failed")).toMatchObject({
      state: "past_due",
      tier: "basico",
      subscribed: true,
    });
    expect(await emailsTo(db(), user.email, "payment_failed")).toHaveLength(1);
    expect(await simulate(client, "payment_recovered")).toMatchObject({ state: "active", tier: "basico" });

    const before = await subscriptionOf(client);
    const renewed = await simulate(client, "period_end");
    expect(renewed.state).toBe("active");
    expect(Date.parse(renewed.currentPeriodEnd!)).toBeGreaterThan(Date.parse(before.currentPeriodEnd!) - 1);
    const { invoices } = (await (await client.get("/api/billing/invoices")).json()) as { invoices: InvoiceDto[] };
    expect(invoices.map((invoice) => invoice.status)).toEqual(["paid", "paid", "failed", "paid"]);

    const plan = (await (await client.post("/api/billing/change-plan", { newPlan: "premium" })).json()) as {
      subscription: SubscriptionDto;
    };
    expect(plan.subscription.tier).toBe("premium");
    expect(
      ((await (await client.post("/api/billing/cancel")).json()) as { subscription: SubscriptionDto }).subscription
        .state,
    ).toBe("canceling");
    const ended = await simulate(client, "period_end");
    expect(ended).toMatchObject({ state: "canceled", tier: "free", subscribed: false });
    expect(ended.limits.submissions).toBe(10);
    expect(await emailsTo(db(), user.email, "subscription_canceled")).toHaveLength(1);
    expect(await errorOf(await client.post("/api/billing/local/simulate", { event: "period_end" }))).toMatchObject({
      status: 409,
      code: "NO_ACTIVE_SUBSCRIPTION",
    });
    // And a new checkout is possible again.
    expect((await client.post("/api/billing/checkout", { planName: "basico" })).status).toBe(200);
  });

  it("a canceled plan whose period has passed is over before any event: free limits for records and applications, nothing deleted", async () => {
    const { client, user } = await owner("local-lapsed");
    const session = await checkout(client, "premium");
    await client.post(`/api/billing/local/sessions/${session.sessionId}/pay`);
    for (let i = 0; i < 4; i++) await createApplicationVia(client, applicationForm(`Projeto ${i}`));
    await client.post("/api/billing/cancel");
    expect((await subscriptionOf(client)).tier).toBe("premium");

    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    expect(await subscriptionOf(client)).toMatchObject({ state: "canceled", tier: "free", subscribed: false });
    expect(((await (await client.get("/api/usage")).json()) as { tier: string }).tier).toBe("free");
    expect(await errorOf(await client.post("/api/applications", applicationForm("Mais um")))).toMatchObject({
      status: 402,
      code: "APPLICATION_LIMIT_REACHED",
    });
    expect(
      ((await (await client.get("/api/applications")).json()) as { applications: unknown[] }).applications,
    ).toHaveLength(4);
  });

  it("the webhook is Stripe's only: 404 with the local provider", async () => {
    const response = await fetch(`${server.url}/api/billing/webhook`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(404);
  });
});

describe("billing in production without Stripe", () => {
  it("refuses the local provider unless BILLING_PROVIDER=local: billing routes answer 503, the rest of the server works", async () => {
    const server = await startTestServer({ env: { NODE_ENV: "production", ...TRUST_PROXY_ENV } });
    try {
      expect(server.context.config.billing).toMatchObject({ provider: "unavailable" });
      const client = server.client();
      await signUpAs(client, "prod-owner@campo.test");
      expect(await errorOf(await client.get("/api/billing/subscription"))).toMatchObject({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
      });
      expect(await errorOf(await client.post("/api/billing/checkout", { planName: "basico" }))).toMatchObject({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
      });
      expect((await client.get("/api/usage")).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("runs the local provider in production when BILLING_PROVIDER=local is set", async () => {
    const server = await startTestServer({
      env: { NODE_ENV: "production", BILLING_PROVIDER: "local", ...TRUST_PROXY_ENV },
    });
    try {
      const client = server.client();
      await signUpAs(client, "prod-local@campo.test");
      expect((await subscriptionOf(client)).provider).toBe("local");
    } finally {
      await server.stop();
    }
  });
});
