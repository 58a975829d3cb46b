import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { sessions } from "../schema/index.ts";

/** When a session began and ends; never its token. */
export async function findSessionTimes(
  db: Db,
  sessionId: string,
): Promise<{ createdAt: Date; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row;
}
