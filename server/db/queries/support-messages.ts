import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { supportMessages } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";

export type NewSupportMessage = typeof supportMessages.$inferInsert;

export async function insertSupportMessage(db: Db, message: NewSupportMessage): Promise<{ id: string }> {
  const [row] = await db.insert(supportMessages).values(message).returning({ id: supportMessages.id });
  return requireRow(row, "insert support message");
}

export async function findSupportImageKey(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ imageKey: supportMessages.imageKey })
    .from(supportMessages)
    .where(eq(supportMessages.id, id));
  return row?.imageKey ?? null;
}
