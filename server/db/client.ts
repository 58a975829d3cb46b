import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { PROJECT_ROOT } from "../project-root.ts";
import * as schema from "./schema/index.ts";
import { logger } from "../lib/logger.ts";

export type Schema = typeof schema;
/** The one database type every query takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Raw SQL for libraries that bring their own (pg-boss). Without values the text may hold several statements.
   * Application code uses `db` and the query modules instead.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while this process holds the database-wide schema lock. Processes started together on one PostgreSQL
   * database would otherwise interleave their schema changes (migrations, the job queue's tables and queues) and
   * fail on each other's half-made objects. PGlite has one process, so nothing to wait for.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(PROJECT_ROOT, "server", "db", "migrations");
const PGLITE_SHARED_BUFFERS = "16MB";

/**
 * Opens the database and applies pending migrations inside this process: PGlite has no cross-process
 * locking, so nothing else may migrate its folder while a server runs.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // UTC sessions whatever the server's TimeZone: timestamps cast to text (exports) are then always "+00".
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c TimeZone=UTC" });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the process: the pool
    // replaces it on the next query.
    pool.on("error", (error) => logger.warn("idle database connection lost", { error }));
    const db = drizzlePg(pool, { schema });
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session lock held on its own connection: `work` runs on the pool's other connections meanwhile.
      const holder = await pool.connect();
      try {
        await holder.query("select pg_advisory_lock(hashtextextended('campo:schema', 0))");
        return await work();
      } finally {
        await holder.query("select pg_advisory_unlock(hashtextextended('campo:schema', 0))").catch(() => undefined);
        holder.release();
      }
    };
    await exclusively(() => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Db,
      kind: "postgres",
      // pg sends a query without values with the simple protocol, which runs several statements.
      query: (text, values) => pool.query(text, values),
      exclusively,
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (url === "memory://") {
    client = new PGlite();
  } else {
    const dir = path.join(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    // PGlite keeps shared_buffers inside the server's own memory (128 MB by default, allocated at start); its files
    // are real files, so the operating system's cache already holds what is read often (docs/decisions.md).
    client = new PGlite(dir, { postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  }
  await client.exec("set time zone 'UTC'");
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    query: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // PGlite's query() takes one statement; exec() runs a script and answers each statement's result.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}
