import pg from "pg";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import { statementName } from "./prepared-statements.ts";

const dialect = new PgDialect();

/** The node-postgres pool behind a database handle (every one: PostgreSQL, and PGlite through its socket). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Runs `query` on one pooled connection and hands each row to `onRow` as node-postgres parses it, keeping none:
 * a row dies as soon as `onRow` has used it, where `queryRows` holds the whole result until its last row. Resolves
 * with the number of rows once the query has ended, and rejects with the query's error or `onRow`'s first throw
 * (the rows after a throw are skipped).
 */
export async function forEachRow<Row>(db: Db, query: SQL, onRow: (row: Row) => void): Promise<number> {
  const pool = poolOf(db);
  if (!pool) throw new Error("forEachRow needs a database on a node-postgres pool");
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = params.length > 0 ? statementName(text) : undefined;
  const client = await pool.connect();
  let count = 0;
  let failure: unknown;
  try {
    await new Promise<void>((resolve, reject) => {
      const submitted = client.query(new pg.Query({ text, values: params, ...(name ? { name } : {}) }));
      submitted.on("row", (row: Row) => {
        if (failure !== undefined) return;
        count++;
        try {
          onRow(row);
        } catch (error) {
          failure = error;
        }
      });
      submitted.on("error", reject);
      submitted.on("end", () => (failure === undefined ? resolve() : reject(failure)));
    });
  } catch (error) {
    // A query that failed (not one whose rows `onRow` refused) may have left the connection in any state: closed.
    client.release(failure === undefined);
    throw error;
  }
  client.release();
  return count;
}
