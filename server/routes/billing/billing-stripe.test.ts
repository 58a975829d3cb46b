/**
 * Billing through Stripe, over real HTTP against a local fake of Stripe's API: checkout, the success page's
 * reconciliation, signed webhooks (replayed, out of order, forged), failed payments, plan changes, cancel/resume,
 * the end of a subscription, and the storage quota.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { attachmentLinks, attachments } from "../../db/schema/index.ts";
import { createStripeClient } from "../../services/billing/stripe-provider.ts";
import { setupStripeCatalog } from "../../services/billing/stripe-setup.ts";
import { FAKE_STRIPE_KEY, type FakeStripe } from "../../test-support/fake-stripe.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  insertSubmission,
  signUpAs,
  subscribe,
} from "../../test-support/fixtures/application-fixtures.ts";
import { createForm, pngBytes, sha256 } from "../../test-support/fixtures/sync-fixtures.ts";
import {
  emailsTo,
  errorOf,
  eventCount,
  startWithFakeStripe,
  subscriptionOf,
  subscriptionRow,
} from "./billing-fixtures.ts";
import type { CheckoutResponse } from "../../../shared/billing/billing-dtos.ts";
import { BYTES_PER_GB } from "../../../shared/plans/plans.ts";

let fake: FakeStripe;
let server: TestServer;
const db = () => server.context.database.db;

beforeAll(async () => {
  ({ fake, server } = await startWithFakeStripe());
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const priceId = (key: string) => [...fake.prices.values()].find((price) => price.lookup_key === key)?.id;
const now = () => Math.floor(Date.now() / 1000);

/** Posts a webhook as Stripe does: raw JSON, its signature header, no cookie, no Origin. */
function deliver(event: { body: string; signature: string }) {
  return fetch(`${server.url}/api/billing/webhook`, {
    method: "POST",
    body: event.body,
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
  });
}

async function newOwner(label: string): Promise<{ client: HttpClient; user: { id: string; email: string } }> {
  const client = server.client();
  const user = await signUpAs(client, `${label}-${Math.random().toString(36).slice(2, 8)}@campo.test`);
  return { client, user };
}

/** An owner who went through checkout and whose payment Stripe took (reconciled by the success page). */
async function paidOwner(label: string, planName = "premium") {
  const owner = await newOwner(label);
  const checkout = (await (
    await owner.client.post("/api/billing/checkout", { planName, billingCycle: "monthly" })
  ).json()) as CheckoutResponse;
  const stripeSubscription = fake.completeCheckout(checkout.sessionId);
  expect((await owner.client.post("/api/billing/check", { sessionId: checkout.sessionId })).status).toBe(200);
  return { ...owner, checkout, stripeSubscription };
}

describe("billing:setup", () => {
  it("created the six prices under their lookup keys, and running it again creates nothing", async () => {
    expect(
      [...fake.prices.values()].map((price) => [price.lookup_key, price.unit_amount, price.currency]).sort(),
    ).toEqual([
      ["campo_avancado_monthly", 39900, "brl"],
      ["campo_avancado_yearly", 438900, "brl"],
      ["campo_basico_monthly", 9900, "brl"],
      ["campo_basico_yearly", 108900, "brl"],
      ["campo_premium_monthly", 19900, "brl"],
      ["campo_premium_yearly", 218900, "brl"],
    ]);
    const again = await setupStripeCatalog(await createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiUrl: fake.url }));
    expect(again.created).toEqual([]);
    expect(fake.prices.size).toBe(6);
    expect(fake.products.size).toBe(3);
  });
});

describe("checkout with Stripe", () => {
  it("opens a subscription checkout for the owner's one customer, with the price found by lookup key", async () => {
    const { client, user } = await newOwner("checkout");
    const response = await client.post("/api/billing/checkout", { planName: "premium", billingCycle: "yearly" });
    expect(response.status).toBe(200);
    const checkout = (await response.json()) as CheckoutResponse;
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [created] = fake
      .requestsTo("POST", "/v1/checkout/sessions")
      .filter((request) => request.params.client_reference_id === user.id);
    assert(created);
    expect(created.params).toMatchObject({
      mode: "subscription",
      client_reference_id: user.id,
      "line_items[0][price]": priceId("campo_premium_yearly"),
      "metadata[userId]": user.id,
      "metadata[tier]": "premium",
      "metadata[billingCycle]": "yearly",
      "subscription_data[metadata][userId]": user.id,
      success_url: `${server.url}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/subscription-canceled`,
    });
    // An abandoned checkout, then another: the same Stripe customer.
    expect((await client.post("/api/billing/checkout", { planName: "basico" })).status).toBe(200);
    const sessions = fake
      .requestsTo("POST", "/v1/checkout/sessions")
      .filter((request) => request.params.client_reference_id === user.id);
    expect(sessions).toHaveLength(2);
    expect(sessions[1]?.params.customer).toBe(created.params.customer);
    expect(
      fake.requestsTo("POST", "/v1/customers").filter((request) => request.params["metadata[userId]"] === user.id),
    ).toHaveLength(1);
    expect((await subscriptionOf(client)).state).toBe("free");
  });

  it("refuses a checkout session of someone else on the success page", async () => {
    const first = await newOwner("session-a");
    const second = await newOwner("session-b");
    const checkout = (await (
      await first.client.post("/api/billing/checkout", { planName: "basico" })
    ).json()) as CheckoutResponse;
    expect(
      await errorOf(await second.client.post("/api/billing/check", { sessionId: checkout.sessionId })),
    ).toMatchObject({ status: 404, code: "CHECKOUT_SESSION_INVALID" });
  });

  it("the success page reconciles before the webhook; the late webhooks then change nothing and a replay is a no-op", async () => {
    const { client, user, checkout, stripeSubscription } = await paidOwner("reconcile");
    const view = await subscriptionOf(client);
    expect(view).toMatchObject({
      tier: "premium",
      subscribed: true,
      state: "active",
      billingCycle: "monthly",
      provider: "stripe",
    });
    expect(view.paymentMethod).toEqual({ brand: "visa", last4: "4242" });
    expect(view.nextCharge).toMatchObject({ amountCents: 19900, currency: "BRL" });
    expect(view.limits).toEqual({ submissions: null, applications: 10, teamMembers: 10, storageGb: 5 });
    expect(await emailsTo(db(), user.email, "plan_activated")).toHaveLength(1);

    const completed = fake.signedEvent(
      "checkout.session.completed",
      { ...fake.sessions.get(checkout.sessionId)!, subscription: stripeSubscription.id },
      now() - 30,
    );
    expect(await (await deliver(completed)).json()).toEqual({ received: true, duplicate: false });
    const created = fake.signedEvent(
      "customer.subscription.created",
      { ...stripeSubscription, status: "incomplete" },
      now() - 30,
    );
    expect((await deliver(created)).status).toBe(200);
    expect((await subscriptionOf(client)).state).toBe("active");

    const before = await eventCount(db());
    const replay = await deliver(completed);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await eventCount(db())).toBe(before);
    expect(await emailsTo(db(), user.email, "plan_activated")).toHaveLength(1);
  });

  it("the webhook alone activates the plan (the owner never came back to the success page)", async () => {
    const { client, user } = await newOwner("webhook-first");
    const checkout = (await (
      await client.post("/api/billing/checkout", { planName: "basico", billingCycle: "yearly" })
    ).json()) as CheckoutResponse;
    fake.completeCheckout(checkout.sessionId);
    const completed = fake.signedEvent("checkout.session.completed", fake.sessions.get(checkout.sessionId)!);
    expect((await deliver(completed)).status).toBe(200);
    expect(await subscriptionOf(client)).toMatchObject({
      tier: "basico",
      state: "active",
      billingCycle: "yearly",
      nextCharge: { amountCents: 108900 },
    });
    expect(await emailsTo(db(), user.email, "plan_activated")).toHaveLength(1);
  });

  it("a plan changed in Stripe's portal arrives as an update and is read from the price's lookup key", async () => {
    const { client, stripeSubscription } = await paidOwner("portal-change");
    const avancado = [...fake.prices.values()].find((price) => price.lookup_key === "campo_avancado_monthly");
    const items = stripeSubscription.items as { data: Record<string, unknown>[] };
    const changed = {
      ...stripeSubscription,
      metadata: {},
      items: { ...items, data: [{ ...items.data[0], price: avancado }] },
    };
    expect((await deliver(fake.signedEvent("customer.subscription.updated", changed, now() + 15))).status).toBe(200);
    expect(await subscriptionOf(client)).toMatchObject({ tier: "avancado", state: "active" });
  });

  it("applies events in the provider's order: an older update arriving after a newer one changes nothing", async () => {
    const { client, stripeSubscription } = await paidOwner("order");
    const newer = fake.signedEvent(
      "customer.subscription.updated",
      { ...stripeSubscription, cancel_at_period_end: true },
      now() + 20,
    );
    const older = fake.signedEvent(
      "customer.subscription.updated",
      { ...stripeSubscription, cancel_at_period_end: false },
      now() + 10,
    );
    expect((await deliver(newer)).status).toBe(200);
    expect((await deliver(older)).status).toBe(200);
    expect((await subscriptionOf(client)).state).toBe("canceling");
  });

  it("refuses a forged or unsigned webhook with 400 and changes nothing", async () => {
    const { user, stripeSubscription } = await paidOwner("forged");
    const row = await subscriptionRow(db(), user.id);
    const events = await eventCount(db());
    const genuine = fake.signedEvent(
      "customer.subscription.deleted",
      { ...stripeSubscription, status: "canceled" },
      now() + 60,
    );
    const tampered = { body: genuine.body.replace('"canceled"', '"past_due"'), signature: genuine.signature };
    expect(await errorOf(await deliver(tampered))).toMatchObject({ status: 400, code: "WEBHOOK_SIGNATURE_INVALID" });
    const response = await fetch(`${server.url}/api/billing/webhook`, {
      method: "POST",
      body: genuine.body,
      headers: { "content-type": "application/json" },
    });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "WEBHOOK_SIGNATURE_INVALID" });
    const huge = await fetch(`${server.url}/api/billing/webhook`, {
      method: "POST",
      body: "x".repeat(70 * 1024),
      headers: { "stripe-signature": genuine.signature },
    });
    expect(huge.status).toBe(413);
    expect(await subscriptionRow(db(), user.id)).toEqual(row);
    expect(await eventCount(db())).toBe(events);
  });

  it("ignores event types it does not handle", async () => {
    const event = fake.signedEvent("customer.created", { id: "cus_x", object: "customer" });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
  });

  it("a failed payment puts the subscription past due (the plan stays) and e-mails the owner; a paid retry recovers", async () => {
    const { client, user, stripeSubscription } = await paidOwner("dunning");
    const failed = fake.signedEvent("invoice.payment_failed", fake.invoice(stripeSubscription, "open"), now() + 5);
    expect((await deliver(failed)).status).toBe(200);
    const view = await subscriptionOf(client);
    expect(view).toMatchObject({ state: "past_due", tier: "premium", subscribed: true });
    expect(view.limits.applications).toBe(10);
    const [email] = await emailsTo(db(), user.email, "payment_failed");
    assert(email);
    expect(email.subject).toBe("Não conseguimos cobrar a sua assinatura do Campo");
    expect(email.textBody).toMatch(/R\$\s199,00/);
    const invoices = (await (await client.get("/api/billing/invoices")).json()) as {
      invoices: { status: string; amountCents: number; url: string }[];
    };
    expect(invoices.invoices[0]).toMatchObject({ status: "failed", amountCents: 19900 });

    const paid = fake.signedEvent("invoice.paid", fake.invoice(stripeSubscription, "paid"), now() + 6);
    expect((await deliver(paid)).status).toBe(200);
    expect((await subscriptionOf(client)).state).toBe("active");
  });

  it("changes plan up with proration, refuses the same plan, and refuses a downgrade the usage exceeds", async () => {
    const { client, stripeSubscription } = await paidOwner("change");
    for (let i = 0; i < 4; i++) await createApplicationVia(client, applicationForm(`App ${i}`));
    const up = await client.post("/api/billing/change-plan", { newPlan: "avancado" });
    expect(up.status).toBe(200);
    expect(((await up.json()) as { success: boolean; subscription: { tier: string } }).subscription.tier).toBe(
      "avancado",
    );
    const [update] = fake.requestsTo("POST", `/v1/subscriptions/${stripeSubscription.id}`);
    assert(update);
    expect(update.params).toMatchObject({
      "items[0][price]": priceId("campo_avancado_monthly"),
      proration_behavior: "create_prorations",
    });

    expect(await errorOf(await client.post("/api/billing/change-plan", { newPlan: "avancado" }))).toMatchObject({
      status: 409,
      code: "SAME_PLAN",
    });
    expect(await errorOf(await client.post("/api/billing/checkout", { planName: "avancado" }))).toMatchObject({
      status: 409,
      code: "SAME_PLAN",
    });
    expect(await errorOf(await client.post("/api/billing/checkout", { planName: "premium" }))).toMatchObject({
      status: 409,
      code: "SUBSCRIPTION_EXISTS",
    });

    const updates = fake.requestsTo("POST", `/v1/subscriptions/${stripeSubscription.id}`).length;
    const down = await errorOf(await client.post("/api/billing/change-plan", { newPlan: "basico" }));
    expect(down).toEqual({
      status: 409,
      code: "DOWNGRADE_BLOCKED",
      details: [{ resource: "applications", used: 4, limit: 3, over: 1 }],
    });
    expect(fake.requestsTo("POST", `/v1/subscriptions/${stripeSubscription.id}`)).toHaveLength(updates);
    expect((await subscriptionOf(client)).tier).toBe("avancado");
  });

  it("cancels at the period's end and resumes before it", async () => {
    const { client, stripeSubscription } = await paidOwner("cancel");
    const canceled = await client.post("/api/billing/cancel");
    expect(canceled.status).toBe(200);
    const body = (await canceled.json()) as {
      success: boolean;
      subscription: { state: string; nextCharge: unknown; tier: string };
    };
    expect(body).toMatchObject({
      success: true,
      subscription: { state: "canceling", nextCharge: null, tier: "premium" },
    });
    expect(
      fake.requestsTo("POST", `/v1/subscriptions/${stripeSubscription.id}`).at(-1)?.params.cancel_at_period_end,
    ).toBe("true");

    const resumed = (await (await client.post("/api/billing/resume")).json()) as { subscription: { state: string } };
    expect(resumed.subscription.state).toBe("active");
    expect(
      fake.requestsTo("POST", `/v1/subscriptions/${stripeSubscription.id}`).at(-1)?.params.cancel_at_period_end,
    ).toBe("false");
  });

  it("without a subscription: nothing to cancel, change or open a portal for", async () => {
    const { client } = await newOwner("nothing");
    expect(await errorOf(await client.post("/api/billing/cancel"))).toMatchObject({
      status: 409,
      code: "NO_ACTIVE_SUBSCRIPTION",
    });
    expect(await errorOf(await client.post("/api/billing/change-plan", { newPlan: "premium" }))).toMatchObject({
      status: 409,
      code: "NO_ACTIVE_SUBSCRIPTION",
    });
    expect(await errorOf(await client.post("/api/billing/portal"))).toMatchObject({
      status: 409,
      code: "NO_ACTIVE_SUBSCRIPTION",
    });
    expect(await errorOf(await client.post("/api/billing/checkout", { planName: "ouro" }))).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
    });
  });

  it("opens the customer portal for the owner's customer, returning to /subscription", async () => {
    const { client, checkout } = await paidOwner("portal");
    const response = await client.post("/api/billing/portal");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.params).toMatchObject({
      customer: fake.sessions.get(checkout.sessionId)?.customer,
      return_url: `${server.url}/subscription`,
    });
  });

  it("a deleted subscription brings the free limits back and keeps every record readable", async () => {
    const { client, user, stripeSubscription } = await paidOwner("ended");
    const app = await createApplicationVia(client, applicationForm("Levantamento"));
    assert(app.fields[0]);
    for (let i = 0; i < 12; i++)
      await insertSubmission(db(), {
        applicationId: app.application.id,
        ownerId: user.id,
        submitterId: user.id,
        answers: { [app.fields[0].id]: `r${i}` },
      });
    const deleted = fake.signedEvent(
      "customer.subscription.deleted",
      { ...stripeSubscription, status: "canceled", ended_at: now() },
      now() + 30,
    );
    expect((await deliver(deleted)).status).toBe(200);
    const view = await subscriptionOf(client);
    expect(view).toMatchObject({ tier: "free", subscribed: false, state: "canceled", nextCharge: null });
    expect(view.limits).toEqual({ submissions: 10, applications: 3, teamMembers: 3, storageGb: 1 });
    expect(view.usage.submissions).toBe(12);
    const records = await client.get(`/api/applications/${app.application.id}/records?limit=50`);
    expect(records.status).toBe(200);
    expect(((await records.json()) as { records: unknown[] }).records).toHaveLength(12);
    expect(await emailsTo(db(), user.email, "subscription_canceled")).toHaveLength(1);
  });
});

describe("storage quota", () => {
  it("refuses an upload over the owner's storage (402, nothing stored), counts known bytes once, and allows it after an upgrade", async () => {
    const { client, user } = await newOwner("storage");
    const form = await createForm(db(), user.id);
    const submissionId = await insertSubmission(db(), {
      applicationId: form.applicationId,
      ownerId: user.id,
      submitterId: user.id,
      answers: {},
    });
    // Almost 1 GB already stored: an attachment whose row says so (its bytes are a small PNG).
    const stored = pngBytes("stored");
    const [big] = await db()
      .insert(attachments)
      .values({
        uploaderId: null,
        sha256: sha256(stored),
        storageKey: "attachments/none/big",
        contentType: "image/png",
        bytes: BYTES_PER_GB - 10,
      })
      .returning();
    assert(big);
    await db()
      .insert(attachmentLinks)
      .values({ attachmentId: big.id, submissionId, fieldId: form.fields.photo, ownerId: user.id });

    const put = (bytes: Buffer) =>
      client.request(`/api/attachments/${sha256(bytes)}?applicationId=${form.applicationId}`, {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": "image/png" },
      });
    const count = async () => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(attachments);
      assert(row);
      return row.n;
    };
    const before = await count();
    const fresh = pngBytes("a new photo");
    expect(await errorOf(await put(fresh))).toEqual({
      status: 402,
      code: "STORAGE_LIMIT_REACHED",
      details: { limit: "storage", upgradePath: "/subscription?limit=storage" },
    });
    expect(await count()).toBe(before);
    // The same bytes the owner already stores cost nothing.
    expect((await put(stored)).status).toBe(201);

    await subscribe(db(), user.id, "premium");
    expect((await put(fresh)).status).toBe(201);
  });
});
