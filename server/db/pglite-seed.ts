import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A PGlite data folder made by `npm run build` (scripts/pglite-seed.ts) beside the server's bundle: initdb, every
 * migration and the job queue's schema already applied, then closed cleanly. A server started from the bundle on an
 * empty data folder copies it instead of running initdb and the migrations in WebAssembly, which were most of a cold
 * start (docs/decisions.md). Start still migrates as usual, so the seed is only ever a head start.
 */
export const PGLITE_SEED_FOLDER = "pglite-seed";

/** The seed beside the running bundle (dist-server/), or undefined when running from source (tests, dev). */
function bundledSeed(): string | undefined {
  if (import.meta.url.endsWith(".ts")) return undefined;
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_SEED_FOLDER, "data");
  return existsSync(path.join(folder, "PG_VERSION")) ? folder : undefined;
}

/** Creates `dir` if missing and, when it is empty and a seed is beside the bundle, fills it from that seed. */
export function plantBundledSeed(dir: string): boolean {
  mkdirSync(dir, { recursive: true });
  const seed = bundledSeed();
  return seed ? plantSeed(dir, seed) : false;
}

/**
 * Fills `dir` (created empty by the caller) with a copy of `seed`, only while `dir` is empty. The copy is made beside
 * it and renamed into place, so a start killed half-way leaves an empty folder, never half a database.
 */
export function plantSeed(dir: string, seed: string): boolean {
  if (readdirSync(dir).length > 0) return false;
  const staging = mkdtempSync(`${dir}.seeding-`);
  try {
    cpSync(seed, staging, { recursive: true });
    rmdirSync(dir);
    renameSync(staging, dir);
    return true;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
