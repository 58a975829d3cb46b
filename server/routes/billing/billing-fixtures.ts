/** Helpers of the billing API tests (test code only). */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { billingEvents, emailOutbox, subscriptions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { SubscriptionDto } from "../../../shared/billing/billing-dtos.ts";
import { requireRow } from "../../db/require-row.ts";

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
