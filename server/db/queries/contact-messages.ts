import type { Db } from "../client.ts";
import { contactMessages } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return requireRow(row, "insert contact message");
}
