import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/index.ts";

/** The owner's e-mail decides whether the owner is a super admin (SUPER_ADMIN_EMAILS), whose records are unlimited. */
export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
