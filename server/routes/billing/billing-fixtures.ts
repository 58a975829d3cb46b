/** Helpers of the billing API tests (test code only). */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { billingEvents, emailOutbox, subscriptions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { SubscriptionDto } from "../../../shared/billing/billing-dtos.ts";
import { requireRow } from "../../db/require-row.ts";
import { createStripeClient } from "../../services/billing/stripe-provider.ts";
import { setupStripeCatalog } from "../../services/billing/stripe-setup.ts";
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from "../../test-support/fake-stripe.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";

export async function subscriptionOf(client: HttpClient): Promise<SubscriptionDto> {
  const response = await client.get("/api/billing/subscription");
  if (response.status !== 200) throw new Error(`subscription: ${response.status} ${await response.text()}`);
  return (await response.json()) as SubscriptionDto;
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; details?: unknown }> {
  const body = (await response.json()) as { error: { code: string; details?: unknown } };
  return { status: response.status, code: body.error.code, details: body.error.details };
}

export async function subscriptionRow(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function eventCount(db: Db): Promise<number> {
  return requireRow((await db.select({ n: sql<number>`count(*)::int` }).from(billingEvents))[0], "count events").n;
}

/** E-mails of one kind written to an address (the outbox is the delivery without SMTP). */
export async function emailsTo(db: Db, to: string, kind: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
}

/** A test server whose billing provider is Stripe, played by a local fake with Campo's catalog set up. */
export async function startWithFakeStripe(): Promise<{ fake: FakeStripe; server: TestServer }> {
  const fake = await startFakeStripe();
  await setupStripeCatalog(await createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiUrl: fake.url }));
  const server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      ...TRUST_PROXY_ENV,
    },
  });
  return { fake, server };
}
