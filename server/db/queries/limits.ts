import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Serialises record inserts per owner until the transaction ends, so the count that follows is exact for
 * whoever holds it. An advisory lock rather than a row lock on users: the inserted rows reference users
 * (owner, submitter) through foreign keys, and row locks there could deadlock two owners collecting into
 * each other's applications at the same moment.
 */
export async function lockOwnerRecords(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`campo:records:${ownerId}`}, 0))`);
}
