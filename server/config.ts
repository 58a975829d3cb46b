import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { baseMapFromEnv, type BaseMapSetting } from "./base-map-config.ts";

/** Every setting the server reads, with its default; README.md lists the same table. */
export interface Config {
  port: number;
  dataDir: string;
  /** Unset → embedded PGlite in `${dataDir}/pglite`; "memory://" → in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  superAdminEmails: string[];
  authSecret: string;
  trustProxy: boolean;
  /** Folder with the built web app; the API runs without it (tests, API-only deployments). */
  webDist: string | undefined;
  production: boolean;
  /** MAP_PMTILES_URL / TILE_URL: what the data map draws under the records. */
  baseMap: BaseMapSetting;
}

function readSecret(dataDir: string): string {
  // A stable secret survives restarts so sessions stay valid; production sets AUTH_SECRET explicitly.
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const webDist = path.resolve(env.WEB_DIST ?? "./dist");
  return {
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Campo <no-reply@campo.local>",
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    authSecret: env.AUTH_SECRET ?? overrides.authSecret ?? readSecret(dataDir),
    trustProxy: env.TRUST_PROXY === "true",
    webDist: existsSync(path.join(webDist, "index.html")) ? webDist : undefined,
    production: env.NODE_ENV === "production",
    baseMap: baseMapFromEnv(env),
    ...overrides,
  };
}
