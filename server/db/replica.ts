import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { PreparingClient } from "./prepared-statements.ts";
import { logger } from "../lib/logger.ts";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";

export interface Replica {
  db: Db;
  close(): Promise<void>;
}

/** A read-only streaming replica (DATABASE_REPLICA_URL): never migrated here, it replays the primary's migrations. */
export function openReplica(url: string): Replica {
  // Same session settings as the primary's pool (server/db/client.ts): UTC, so both answer the same text.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c TimeZone=UTC", Client: PreparingClient });
  pool.on("error", (error) => logger.warn("idle replica connection lost", { error }));
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}
