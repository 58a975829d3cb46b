import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, pglitePool, type Database } from "./client.ts";
import { startPgliteThread } from "./pglite-thread.ts";

/**
 * The embedded database runs in a worker thread behind a socket (docs/decisions.md, "PGlite in a worker thread").
 * Keeping a folder across a stop and a start is proved by server/routes/sync/sync-interrupted.test.ts.
 */
describe("PGlite in a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    // The run's migrated template: migrating from nothing on PGlite's WebAssembly took most of this file's time.
    database = await openDatabase({
      databaseUrl: "memory://",
      dataDir: "unused",
      memorySeed: inject("pgliteTemplate"),
    });
  });
  afterAll(() => database.close());

  it("keeps the event loop free while a query runs", async () => {
    expect(database.kind).toBe("pglite");
    // A query of a few hundred milliseconds: in the worker it leaves this thread free, so a timer set after it
    // starts fires before it answers (on the event loop the timer would wait for the query).
    const order: string[] = [];
    const slow = database.db
      .execute(sql`select count(*) from generate_series(1, 300000) as s(i) where i % 7 = 3`)
      .then(() => order.push("query"));
    await new Promise((resolve) => setTimeout(resolve, 1)).then(() => order.push("timer"));
    await slow;
    expect(order).toEqual(["timer", "query"]);
  });

  it("lets a replacement connection prepare again what the broken one had prepared", async () => {
    const thread = startPgliteThread(undefined, inject("pgliteTemplate"));
    const pool = pglitePool(await thread.port);
    try {
      const first = await pool.connect();
      expect((await first.query("select $1::int as n", [1])).rows).toEqual([{ n: 1 }]);
      first.release(true); // as after a network error: the connection is destroyed
      // Same text, so the same statement name, on a new connection to the same PGlite session.
      expect((await pool.query("select $1::int as n", [2])).rows).toEqual([{ n: 2 }]);
    } finally {
      await pool.end();
      await thread.stop();
    }
  });
});
