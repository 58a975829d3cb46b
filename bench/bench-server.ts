import { randomBytes } from "node:crypto";
import { registrationFor } from "../server/test-support/registration.ts";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, type RunningServer } from "../server/server.ts";
import { createFreshPostgresDatabase } from "../server/test-support/test-database.ts";

export interface BenchSession {
  base: string;
  cookie: string;
}

export interface BenchDatabase {
  kind: "postgres" | "pglite";
  /** The server's environment: its database, data folder, secret and super admin. */
  env: Record<string, string>;
  /** The fresh PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * A database for one benchmark: a fresh database on BENCH_DATABASE_URL's (or DATABASE_URL's) PostgreSQL when set, else PGlite in a temp
 * folder; `ownerEmail` is super admin (unlimited records). Prints where it runs and on what machine.
 */
export async function withBenchDatabase(
  name: string,
  ownerEmail: string,
  work: (database: BenchDatabase) => Promise<void>,
): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const postgres = serverUrl ? await createFreshPostgresDatabase(serverUrl, "campo_bench") : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `campo-bench-${name}-`));
  try {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(24).toString("hex"),
      SUPER_ADMIN_EMAILS: ownerEmail,
      WEB_DIST: path.join(dataDir, "no-web"),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    console.log(
      `${name} benchmark on ${postgres ? "PostgreSQL (DATABASE_URL, fresh database)" : `PGlite (${dataDir})`}`,
    );
    console.log(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}`,
    );
    await work({ kind: postgres ? "postgres" : "pglite", env, databaseUrl: postgres?.url, dataDir });
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A server in this process on the benchmark's database (timings only: its memory would include the client's). */
export async function withBenchServer(
  name: string,
  ownerEmail: string,
  work: (server: RunningServer) => Promise<void>,
): Promise<void> {
  await withBenchDatabase(name, ownerEmail, async (database) => {
    const server = await startServer({ env: { ...database.env, PORT: "0", LOG_LEVEL: "error" } });
    try {
      await work(server);
    } finally {
      await server.close();
    }
  });
}

/** A request as the signed-in web client makes it (our Origin, the session cookie). */
export async function benchCall(session: BenchSession, pathname: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", session.base);
  headers.set("cookie", session.cookie);
  try {
    return await fetch(session.base + pathname, { ...init, headers });
  } catch (error) {
    // A keep-alive connection the server closed while the database was busy generating: a GET is safe to resend.
    if ((init.method ?? "GET") !== "GET") throw error;
    return fetch(session.base + pathname, { ...init, headers });
  }
}

/**
 * The session's cookies as a browser is given them (Playwright's `addCookies`, Puppeteer's `setCookie`) for the host of
 * `url`, which may be a stand-in in front of the server: cookies ignore the port.
 */
export function browserCookies(
  session: BenchSession,
  url: string,
): { name: string; value: string; domain: string; path: string }[] {
  const cookies = session.cookie
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), domain: new URL(url).hostname, path: "/" };
    });
  if (!cookies.length) throw new Error("the bench account has no session cookie");
  return cookies;
}

export async function benchSignUp(base: string, email: string, name: string): Promise<BenchSession> {
  const response = await fetch(`${base}/api/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(registrationFor(email, "bench-secret-1", name)),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return {
    base,
    cookie: response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
  };
}
