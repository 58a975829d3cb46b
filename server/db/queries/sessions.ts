import { eq, lt } from "drizzle-orm";
import type { Db } from "../client.ts";
import { sessions, verifications } from "../schema/index.ts";

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

/** Sessions and verification tokens (e-mail, password reset) past their expiry; answers how many went. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<{ sessions: number; verifications: number }> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const used = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  return { sessions: gone.length, verifications: used.length };
}
