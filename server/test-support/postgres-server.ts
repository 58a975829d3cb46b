import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface PostgresServer {
  /** A server URL (database `postgres`) on which tests create their own databases. */
  url: string;
  stop(): void;
}

/**
 * TEST_DATABASE_URL's server when set; otherwise a temporary cluster of Debian's PostgreSQL binaries started the way
 * `.ci/run` does (as the postgres user when root), for tests that need several processes on one database, which
 * PGlite cannot give.
 */
export function startPostgresServer(): PostgresServer {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => {} };
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
  const bin = path.join("/usr/lib/postgresql", versions.at(-1) ?? "", "bin");
  const dir = mkdtempSync(path.join(os.tmpdir(), "campo-pg-"));
  chmodSync(dir, 0o777);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const asPostgres = (command: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], { stdio: "ignore" })
      : execFileSync(path.join(bin, command), args, { stdio: "ignore" });
  asPostgres("initdb", ["-D", path.join(dir, "data"), "-U", "campo", "--auth=trust"]);
  asPostgres("pg_ctl", [
    "-D",
    path.join(dir, "data"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  return {
    url: `postgres://campo@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPostgres("pg_ctl", ["-D", path.join(dir, "data"), "-m", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
