import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { emailOutbox } from "../schema/index.ts";

export type NewOutboxEmail = typeof emailOutbox.$inferInsert;
export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** Writes a message to email_outbox; returns its id. */
export async function insertOutboxEmail(db: Db, email: NewOutboxEmail): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  if (!row) throw new Error("email_outbox insert returned no row");
  return row.id;
}

export async function findOutboxEmail(db: Db, id: string): Promise<OutboxEmail | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

export async function markOutboxEmailSent(db: Db, id: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "sent", attempts: sql`${emailOutbox.attempts} + 1`, sentAt: new Date(), lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** One failed attempt; `final` when no retry follows. */
export async function markOutboxEmailFailed(db: Db, id: string, lastError: string, final: boolean): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError, ...(final ? { status: "failed" as const } : {}) })
    .where(eq(emailOutbox.id, id));
}

/** Rows still pending that were written before `before`, oldest first. */
export async function listPendingOutboxEmailIds(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lt(emailOutbox.createdAt, before)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
