import { and, asc, desc, eq, ilike, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { emailOutbox } from "../schema/index.ts";
import { containsPattern } from "./admin-users.ts";

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

/**
 * A page of the outbox, newest first, for the admin panel; `q` matches the recipient or the subject. The bodies stay
 * out of the list (one message is read whole with findOutboxEmail).
 */
export async function listOutboxEmails(
  db: Db,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ rows: Omit<OutboxEmail, "textBody" | "htmlBody">[]; total: number }> {
  const pattern = containsPattern(q);
  const where = q === "" ? undefined : or(ilike(emailOutbox.toAddress, pattern), ilike(emailOutbox.subject, pattern));
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(where);
  const rows = await db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: count?.total ?? 0 };
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
