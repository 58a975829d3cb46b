import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { pglitePool } from "../db/client.ts";
import { startPgliteThread } from "../db/pglite-thread.ts";
import { createMigratedTestDatabase, type MigratedTestDatabase } from "./database-template.ts";
import { migrationsFolder } from "./partial-migrations.ts";

/** A pool on a test database, and how to end it: PGlite in its worker (with the template's dump), or PostgreSQL. */
async function connect(database: MigratedTestDatabase): Promise<{ pool: pg.Pool; end(): Promise<void> }> {
  if (!database.url.startsWith("memory://")) {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    return { pool, end: () => pool.end() };
  }
  const thread = startPgliteThread(undefined, database.memorySeed);
  const pool = pglitePool(await thread.port);
  return {
    pool,
    end: async () => {
      await pool.end();
      await thread.stop();
    },
  };
}

/** The run's template (docs/decisions.md, "CI time"): each file's database starts migrated, and is its own. */
describe("the migrated database each test file gets", () => {
  const databases: MigratedTestDatabase[] = [];
  const connections: Awaited<ReturnType<typeof connect>>[] = [];
  beforeAll(async () => {
    for (const _ of [1, 2]) {
      databases.push(await createMigratedTestDatabase());
      connections.push(await connect(databases.at(-1)!));
    }
  });
  afterAll(async () => {
    for (const connection of connections) await connection.end();
    for (const database of databases) await database.drop();
  });
  const count = async (index: number, table: string) =>
    (await connections[index]!.pool.query(`select count(*)::int as n from ${table}`)).rows[0] as { n: number };

  it("holds every migration before any server has started on it", async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    for (const index of [0, 1])
      expect(await count(index, "drizzle.__drizzle_migrations")).toEqual({ n: journal.entries.length });
  });

  it("shares no rows with another copy", async () => {
    await connections[0]!.pool.query(
      "insert into users (id, name, email) values (gen_random_uuid(), 'Ana', 'ana@template.test')",
    );
    expect(await count(0, "users")).toEqual({ n: 1 });
    expect(await count(1, "users")).toEqual({ n: 0 });
  });
});
