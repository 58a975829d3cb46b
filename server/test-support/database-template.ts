/**
 * One migrated database per test run, copied for each test file. Every API test file and e2e journey starts a server
 * on its own database; made from scratch, each paid initdb, every migration and the job queue's schema (on PGlite's
 * WebAssembly about 7 s of CPU a file, docs/decisions.md "CI time"). The vitest global setup (this file's default
 * export, in both vitest configs) makes that database once; each file then gets its own copy, so files still share
 * no rows. A copy is only a head start: the server still migrates it at start, as in production.
 */
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { dropTemplateDatabases, seedKey } from "../../scripts/pglite-seed.ts";
import { startServer } from "../server.ts";
import { createFreshPostgresDatabase, createTestDatabase, type TestDatabase } from "./test-database.ts";
import { migrationsFolder } from "./partial-migrations.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite dump (tarball) of the migrated template, when the global setup ran. */
    pgliteTemplate?: string;
    /** The template database's name on TEST_DATABASE_URL's server, when the global setup made one. */
    postgresTemplate?: string;
  }
}

/**
 * The migrated PGlite as a dump, kept under the system's temporary folder by the build seed's key (the migrations,
 * PGlite's version): runs and worktrees with the same migrations share it, a new migration makes a new one. The job
 * queue's schema is left to each server's start: made in this process, a PGlite opened after a server had closed
 * here never became ready.
 */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `campo-test-template-${seedKey()}.tar`);
  if (existsSync(file)) return file;
  const cluster = new PGlite();
  await migrate(drizzle(cluster), { migrationsFolder });
  // As in the build's seed: without them the dump is 28 MB instead of 43, and each copy starts 0.6 s sooner.
  await dropTemplateDatabases(cluster);
  const dump = await cluster.dumpDataDir("none");
  await cluster.close();
  // Written beside and renamed into place: a run reading it never sees half a file.
  const staging = `${file}.${randomBytes(6).toString("hex")}`;
  writeFileSync(staging, Buffer.from(await dump.arrayBuffer()));
  renameSync(staging, file);
  return file;
}

/** A database on `serverUrl` made by one start of the server (migrations, job queue), then closed to connections. */
async function postgresTemplate(serverUrl: string): Promise<TestDatabase & { name: string }> {
  const database = await createFreshPostgresDatabase(serverUrl, "campo_template");
  const name = new URL(database.url).pathname.slice(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-test-template-"));
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    const server = await startServer({
      env: {
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        AUTH_SECRET: randomBytes(24).toString("hex"),
        LOG_LEVEL: "error",
        WEB_DIST: path.join(dataDir, "no-web"),
      },
    });
    await server.close();
    await admin.connect();
    // No connection may stay on a template while it is copied: refuse new ones, wait out the closing ones.
    await admin.query(`alter database ${name} with allow_connections false`);
    while ((await admin.query("select 1 from pg_stat_activity where datname = $1", [name])).rowCount)
      await new Promise((resolve) => setTimeout(resolve, 50));
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { ...database, name };
}

/** Vitest global setup: makes the templates before any test file runs; the teardown drops the PostgreSQL one. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Also on a PostgreSQL run: the tests of PGlite itself open it (made by an earlier run, it is only read).
  project.provide("pgliteTemplate", await pgliteTemplate());
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return async () => {};
  const template = await postgresTemplate(serverUrl);
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}

export interface MigratedTestDatabase extends TestDatabase {
  /** For PGlite: the dump its in-memory database starts from (`startServer`'s `memorySeed`). */
  memorySeed?: string;
}

/**
 * A migrated database of this test file's own: a copy of the run's template, or, when no global setup made one,
 * an empty database that the server migrates itself.
 */
export async function createMigratedTestDatabase(): Promise<MigratedTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? inject("postgresTemplate") : undefined;
  if (serverUrl && template) return createFreshPostgresDatabase(serverUrl, "campo_test", template);
  return { ...(await createTestDatabase()), memorySeed: serverUrl ? undefined : inject("pgliteTemplate") };
}
