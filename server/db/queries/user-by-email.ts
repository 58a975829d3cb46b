import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";

/** The id of the account with this e-mail address (case-insensitive), if any. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where lower(email) = lower(${email}) limit 1`,
  );
  return row?.id;
}
