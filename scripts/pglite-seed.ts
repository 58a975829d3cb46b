/**
 * Makes dist-server/pglite-seed (see server/db/pglite-seed.ts) for scripts/build-server.ts, unless the one there was
 * made from the same inputs: the migrations, PGlite's and pg-boss's versions, and this recipe.
 */
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_SEED_FOLDER } from "../server/db/pglite-seed.ts";
import { startServer } from "../server/server.ts";
import { PROJECT_ROOT } from "../server/project-root.ts";

const KEY_FILE = "seed-key";

/** The installed version (read from node_modules: not every package exports its package.json). */
function packageVersion(name: string): string {
  const manifest = path.join(PROJECT_ROOT, "node_modules", name, "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** What the seed is made from: a seed with the same key is the same database (also keys the tests' template). */
export function seedKey(): string {
  const hash = createHash("sha256");
  const migrations = path.join(PROJECT_ROOT, "server", "db", "migrations");
  const files = readdirSync(migrations, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrations, file)).update(readFileSync(file));
  hash.update(`pglite ${packageVersion("@electric-sql/pglite")} pg-boss ${packageVersion("pg-boss")}`);
  hash.update(readFileSync(import.meta.filename));
  return hash.digest("hex");
}

/**
 * initdb's template databases, copied at every first start (and loaded by every test file's database) and never used:
 * Campo's data is in `postgres` (PGlite's database) and nothing creates a database. Without them the seed has about
 * half the files (1,311 → 711), and creating files is most of the copy's time (docs/benchmarks.md, "Cold start,
 * session 40").
 */
export async function dropTemplateDatabases(database: PGlite): Promise<void> {
  for (const name of ["template0", "template1"]) {
    // A template cannot be dropped; template0 also refuses connections, which a drop does not need.
    await database.exec(`alter database ${name} is_template false`);
    await database.exec(`drop database ${name}`);
  }
}

/**
 * Starts the server once on a temporary folder (initdb, the migrations, the job queue's schema, queues and schedules:
 * all a start makes), stops it (PGlite then checkpoints and closes) and keeps the folder.
 */
export async function buildPgliteSeed(outDir: string): Promise<void> {
  const target = path.join(outDir, PGLITE_SEED_FOLDER);
  const key = seedKey();
  const keyFile = path.join(target, KEY_FILE);
  if (existsSync(keyFile) && readFileSync(keyFile, "utf8") === key) return;
  const work = mkdtempSync(path.join(os.tmpdir(), "campo-pglite-seed-"));
  try {
    const server = await startServer({
      env: {
        DATA_DIR: work,
        PORT: "0",
        AUTH_SECRET: randomBytes(24).toString("hex"),
        LOG_LEVEL: "error",
        WEB_DIST: path.join(work, "no-web"),
      },
    });
    await server.close();
    const database = new PGlite(path.join(work, "pglite"));
    await dropTemplateDatabases(database);
    await database.close();
    rmSync(target, { recursive: true, force: true });
    cpSync(path.join(work, "pglite"), path.join(target, "data"), { recursive: true });
    // Written last: a build interrupted before this line makes the seed again next time.
    writeFileSync(keyFile, key);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
