import type { Db } from "./client.ts";

/**
 * A drizzle query built once per database handle, then only executed with new values (`sql.placeholder`). drizzle
 * otherwise rebuilds a query's text from its builder on every call, which took about a tenth of the server's CPU
 * under sync load (`--cpu-prof`, docs/benchmarks.md). For the fixed-shape queries every sync or upload runs; a
 * transaction's handle gets its own copy, built on its first use there.
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
