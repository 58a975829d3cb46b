import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "./client.ts";

/**
 * The embedded database runs in a worker thread behind a socket (docs/decisions.md, "PGlite in a worker thread").
 * Keeping a folder across a stop and a start is proved by server/routes/sync/sync-interrupted.test.ts.
 */
describe("PGlite in a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: "memory://", dataDir: "unused" });
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
});
