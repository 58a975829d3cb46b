import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, empty or a copy of the database `template`, dropped by
 * `drop()` (tests and benchmarks).
 */
export async function createFreshPostgresDatabase(
  serverUrl: string,
  prefix = "campo_test",
  template?: string,
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * An empty database for one test file: in-memory PGlite by default, or a fresh database on the PostgreSQL
 * server of TEST_DATABASE_URL (created here, dropped after), so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: "memory://", drop: async () => {} };
  return createFreshPostgresDatabase(serverUrl);
}
