import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { emailOutbox } from "../schema/index.ts";

export type NewOutboxEmail = typeof emailOutbox.$inferInsert;

/** Writes a message to email_outbox; returns its id. */
export async function insertOutboxEmail(db: Db, email: NewOutboxEmail): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  if (!row) throw new Error("email_outbox insert returned no row");
  return row.id;
}

export async function markOutboxEmailSent(db: Db, id: string): Promise<void> {
  await db.update(emailOutbox).set({ status: "sent", attempts: 1, sentAt: new Date() }).where(eq(emailOutbox.id, id));
}

export async function markOutboxEmailFailed(db: Db, id: string, lastError: string): Promise<void> {
  await db.update(emailOutbox).set({ attempts: 1, lastError }).where(eq(emailOutbox.id, id));
}
