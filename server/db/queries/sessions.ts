import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { profiles, sessions, users, verifications } from "../schema/index.ts";

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

export interface SessionWithUser {
  sessionId: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string };
  disabled: boolean;
}

const sessionWithUser = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: { id: users.id, email: users.email, name: users.name },
      disabled: sql<boolean>`${profiles.disabledAt} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("campo_session_with_user"),
);

/** A session by its token, with its user and whether the account is disabled, in one round trip. */
export async function findSessionWithUser(db: Db, token: string): Promise<SessionWithUser | undefined> {
  const [row] = await sessionWithUser(db).execute({ token });
  return row;
}
