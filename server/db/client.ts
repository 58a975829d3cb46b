import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { PROJECT_ROOT } from "../project-root.ts";
import * as schema from "./schema/index.ts";
import { logger } from "../lib/logger.ts";
import { PreparingClient, SingleSessionClient } from "./prepared-statements.ts";
import { PGLITE_POOL_SIZE, startEmbeddedDatabase, type PgliteThread } from "./pglite-thread.ts";

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
/**
 * Connections to PostgreSQL. Each request holds one only for a query at a time, so 20 serve hundreds of collectors;
 * more would queue inside PostgreSQL instead of here, on the same cores.
 */
const POSTGRES_POOL_SIZE = 20;

function createPool(config: pg.PoolConfig, Client: typeof PreparingClient = PreparingClient): pg.Pool {
  const pool = new pg.Pool({ ...config, Client });
  // An idle connection dropped by the server (restart, failover, admin) must not crash the process: the pool
  // replaces it on the next query.
  pool.on("error", (error) => logger.warn("idle database connection lost", { error }));
  return pool;
}

/**
 * The pool on PGlite's socket. PGlite has one session whatever the connection, so a connection that replaces a
 * broken one finds the named statements of the last one (prepared-statements.ts), which its client does not know
 * about and would prepare again ("already exists"): each new connection first drops them. The one connection is
 * kept however long it idles.
 */
export function pglitePool(port: number): pg.Pool {
  return createPool(
    { host: "127.0.0.1", port, user: "postgres", database: "postgres", max: PGLITE_POOL_SIZE, idleTimeoutMillis: 0 },
    SingleSessionClient,
  );
}

/**
 * Opens the database and applies pending migrations. PostgreSQL: a pool on DATABASE_URL. Otherwise PGlite (in a
 * folder under DATA_DIR, or in memory for "memory://") in a worker thread of this process, reached through the same
 * node-postgres driver: PGlite has no cross-process locking, so nothing else may open its folder while a server runs.
 * `pglite` is that thread when the caller started it earlier (main.ts, on the same settings); it is then owned here.
 * `memorySeed` (tests) is a PGlite dump an in-memory database starts from: a cluster made and migrated once per test
 * run, since initdb and the migrations in WebAssembly cost seconds of CPU per test file (docs/decisions.md).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  memorySeed?: string;
  pglite?: PgliteThread;
}): Promise<Database> {
  const thread = options.pglite ?? startEmbeddedDatabase(options);
  if (!thread) {
    // UTC sessions whatever the server's TimeZone: timestamps cast to text (exports) are then always "+00".
    const pool = createPool({
      connectionString: options.databaseUrl,
      max: POSTGRES_POOL_SIZE,
      options: "-c TimeZone=UTC",
    });
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
    return migrated(pool, "postgres", exclusively, () => pool.end());
  }
  let port: number;
  try {
    port = await thread.port;
  } catch (error) {
    await thread.stop();
    throw error;
  }
  const pool = pglitePool(port);
  // One process owns the folder, and the pool's one connection could not both hold a lock and do the work.
  return migrated(
    pool,
    "pglite",
    (work) => work(),
    async () => {
      await pool.end();
      await thread.stop();
    },
  );
}

/** The database on a pool, once its migrations are applied (closed again if they fail). */
async function migrated(
  pool: pg.Pool,
  kind: Database["kind"],
  exclusively: Database["exclusively"],
  close: () => Promise<void>,
): Promise<Database> {
  const db = drizzle(pool, { schema });
  try {
    await exclusively(() => migrate(db, { migrationsFolder }));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind,
    // pg sends a query without values with the simple protocol, which runs several statements.
    query: (text, values) => pool.query(text, values),
    exclusively,
    close,
  };
}
