import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";

/** The primary's current write-ahead log position, e.g. "0/3000148". */
export async function currentWalLsn(primary: Db): Promise<string> {
  const [row] = await queryRows<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`);
  if (!row) throw new Error("pg_current_wal_lsn() returned no row");
  return row.lsn;
}

/** Whether a streaming replica has replayed the primary's log up to `lsn` (false on a server that is no replica). */
export async function hasReplayed(replica: Db, lsn: string): Promise<boolean> {
  const [row] = await queryRows<{ replayed: boolean | null }>(
    replica,
    sql`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as replayed`,
  );
  return row?.replayed === true;
}
