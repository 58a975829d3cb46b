/**
 * Checkouts and payments of one owner fired at the same moment (issue 29: two local checkouts paid together both
 * succeeded, two paid invoices for one plan). Whatever the interleaving, one plan is paid once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { billingCheckoutSessions, billingInvoices } from "../../db/schema/index.ts";
import type { FakeStripe } from "../../test-support/fake-stripe.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { errorOf, startWithFakeStripe, subscriptionOf } from "./billing-fixtures.ts";
import type { CheckoutResponse } from "../../../shared/billing/billing-dtos.ts";

let serial = 0;
async function newOwner(server: TestServer): Promise<{ client: HttpClient; id: string }> {
  const client = server.client();
  const { id } = await signUpAs(client, `concurrent-${serial++}-${Math.random().toString(36).slice(2, 8)}@campo.test`);
  return { client, id };
}

async function checkout(client: HttpClient, planName: string, billingCycle: string): Promise<CheckoutResponse> {
  const response = await client.post("/api/billing/checkout", { planName, billingCycle });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CheckoutResponse;
}

async function sessionsOf(server: TestServer, userId: string) {
  return server.context.database.db
    .select()
    .from(billingCheckoutSessions)
    .where(eq(billingCheckoutSessions.userId, userId));
}

describe("local provider: concurrent checkouts and payments of one owner", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
  });
  afterAll(() => server.stop());

  const invoicesOf = (userId: string) =>
    server.context.database.db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId));
  const pay = (client: HttpClient, sessionId: string) => client.post(`/api/billing/local/sessions/${sessionId}/pay`);

  it("two checkouts (R$ 99 and R$ 4.389) paid at the same moment: one paid invoice, the other refused", async () => {
    for (let round = 0; round < 3; round++) {
      const { client, id } = await newOwner(server);
      const basic = await checkout(client, "basico", "monthly");
      const advanced = await checkout(client, "avancado", "yearly");
      const answers = await Promise.all([pay(client, basic.sessionId), pay(client, advanced.sessionId)]);
      // The newer checkout replaced the older: only it can be paid.
      expect(answers.map((answer) => answer.status)).toEqual([404, 200]);
      expect(await errorOf(answers[0])).toMatchObject({ code: "CHECKOUT_SESSION_INVALID" });
      const invoices = await invoicesOf(id);
      expect(invoices.map((invoice) => [invoice.status, invoice.amountCents])).toEqual([["paid", 438900]]);
      expect(await subscriptionOf(client)).toMatchObject({ tier: "avancado", state: "active" });
    }
  });

  it("several checkouts at once leave one open session; paying every session at once pays one", async () => {
    const { client, id } = await newOwner(server);
    const plans = [
      ["basico", "monthly"],
      ["premium", "monthly"],
      ["avancado", "yearly"],
      ["premium", "yearly"],
    ] as const;
    const started = await Promise.all(plans.map(([plan, cycle]) => checkout(client, plan, cycle)));
    const open = (await sessionsOf(server, id)).filter((session) => session.status === "open");
    expect(open).toHaveLength(1);
    const answers = await Promise.all(
      started.flatMap(({ sessionId }) => [pay(client, sessionId), pay(client, sessionId)]),
    );
    // The open session answers both of its payments (a double click); the replaced ones are refused.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const answer of answers.filter((response) => response.status !== 200))
      expect(await errorOf(answer)).toMatchObject({ status: 404, code: "CHECKOUT_SESSION_INVALID" });
    expect((await invoicesOf(id)).filter((invoice) => invoice.status === "paid")).toHaveLength(1);
  });

  it("two open sessions paid at once (left from before the one-open-checkout rule): the second is refused", async () => {
    const { client, id } = await newOwner(server);
    const db = server.context.database.db;
    await db.insert(billingCheckoutSessions).values([
      { id: `cs_local_a_${id}`, userId: id, provider: "local", tier: "basico", billingCycle: "monthly" },
      { id: `cs_local_b_${id}`, userId: id, provider: "local", tier: "avancado", billingCycle: "yearly" },
    ]);
    const answers = await Promise.all([pay(client, `cs_local_a_${id}`), pay(client, `cs_local_b_${id}`)]);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(await errorOf(refused[0] as Response)).toEqual({ status: 409, code: "SUBSCRIPTION_EXISTS" });
    expect((await invoicesOf(id)).filter((invoice) => invoice.status === "paid")).toHaveLength(1);
  });
});

describe("Stripe provider: concurrent checkouts of one owner", () => {
  let fake: FakeStripe;
  let server: TestServer;
  beforeAll(async () => {
    ({ fake, server } = await startWithFakeStripe());
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("a newer checkout expires the older ones at Stripe: one session can be paid, under one customer", async () => {
    const { client, id } = await newOwner(server);
    const started = await Promise.all([
      checkout(client, "basico", "monthly"),
      checkout(client, "avancado", "yearly"),
      checkout(client, "premium", "monthly"),
    ]);
    const atStripe = started.map(({ sessionId }) => fake.sessions.get(sessionId)?.status);
    expect(atStripe.filter((status) => status === "open")).toHaveLength(1);
    expect(atStripe.filter((status) => status === "expired")).toHaveLength(2);
    const open = (await sessionsOf(server, id)).filter((session) => session.status === "open");
    expect(open.map((session) => session.id)).toEqual(
      started.filter(({ sessionId }) => fake.sessions.get(sessionId)?.status === "open").map((s) => s.sessionId),
    );
    const customers = new Set(started.map(({ sessionId }) => fake.sessions.get(sessionId)?.customer));
    expect(customers.size).toBe(1);
  });

  it("refuses a new checkout when the older one was already paid at Stripe", async () => {
    const { client } = await newOwner(server);
    const first = await checkout(client, "basico", "monthly");
    fake.completeCheckout(first.sessionId);
    const second = await client.post("/api/billing/checkout", { planName: "avancado", billingCycle: "yearly" });
    expect(await errorOf(second)).toMatchObject({ status: 409, code: "SUBSCRIPTION_EXISTS" });
  });
});
