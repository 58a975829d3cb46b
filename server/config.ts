import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { baseMapFromEnv, type BaseMapSetting } from "./base-map-config.ts";
import { BATCH_EVALUATION_MS } from "./services/sync/batch-evaluation-budget.ts";

/** Every setting the server reads, with its default; README.md lists the same table. */
export interface Config {
  port: number;
  dataDir: string;
  /** Unset → embedded PGlite in `${dataDir}/pglite`; "memory://" → in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for heavy reads (records, map, charts, exports); unset → all on the primary. */
  databaseReplicaUrl: string | undefined;
  /** `s3://bucket?endpoint=…&region=…&forcePathStyle=true` → uploads in that bucket; unset → `${dataDir}/uploads`. */
  storageUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMTP_TIMEOUT_SECONDS / EMAIL_RETRY_DELAY_SECONDS / JOB_MAINTENANCE_SECONDS: see docs/decisions.md "Job queue". */
  jobs: JobsConfig;
  superAdminEmails: string[];
  authSecret: string;
  trustProxy: boolean;
  /** How many proxies in front append to X-Forwarded-For: the client is that many entries from the right. */
  trustProxyHops: number;
  /** Folder with the built web app; the API runs without it (tests, API-only deployments). */
  webDist: string | undefined;
  /** Set by `npm run dev` (CAMPO_DEV=1): the Vite dev server's origin is trusted too. */
  devServer: boolean;
  production: boolean;
  billing: BillingConfig;
  /** MAP_PMTILES_URL / TILE_URL: what the data map draws under the records. */
  baseMap: BaseMapSetting;
  webhooks: WebhooksConfig;
  /** API_TOKEN_RATE_LIMIT: requests per minute one API token may make (default 600). */
  apiTokenRateLimit: number;
  /** SYNC_BATCH_EVALUATION_MS: how long one sync request may spend on its records' form logic (default 5000). */
  syncBatchEvaluationMs: number;
  /** CHECK_RESPONSES=1 (API test servers): every declared JSON response is checked against its OpenAPI schema. */
  checkResponses: boolean;
  publicLinks: PublicLinksConfig;
}

/** The abuse limits of public links (services/public-links, docs/decisions.md "Public links"). */
export interface PublicLinksConfig {
  /** PUBLIC_LINK_POW_BITS: leading zero bits of the proof of work (default 16, about 65 000 hashes). */
  proofBits: number;
  /** PUBLIC_LINK_IP_PER_MINUTE: requests one address may make to public link endpoints per minute (default 60). */
  perAddressPerMinute: number;
  /** PUBLIC_LINK_PER_MINUTE: record requests one link takes per minute from everyone (default 1200). */
  perLinkPerMinute: number;
}

export interface WebhooksConfig {
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS=1: loopback, private and link-local targets allowed (tests, local receivers). */
  allowPrivateTargets: boolean;
  /** Plain http targets: outside production, or with WEBHOOKS_ALLOW_PRIVATE_TARGETS=1. */
  allowHttp: boolean;
  /** WEBHOOKS_RETRY_BASE_SECONDS: the first retry's delay; each further one doubles it (default 30 s). */
  retryBaseSeconds: number;
}

function loadWebhooksConfig(env: NodeJS.ProcessEnv, production: boolean): WebhooksConfig {
  const allowPrivateTargets = env.WEBHOOKS_ALLOW_PRIVATE_TARGETS === "1";
  const base = Number(env.WEBHOOKS_RETRY_BASE_SECONDS ?? 30);
  return {
    allowPrivateTargets,
    allowHttp: allowPrivateTargets || !production,
    retryBaseSeconds: Number.isFinite(base) && base >= 0 ? base : 30,
  };
}

export interface JobsConfig {
  /** The longest an SMTP conversation may take; a delivery job still running after twice this is retried. */
  smtpTimeoutSeconds: number;
  /** First retry delay of a failed delivery; it doubles at each attempt. */
  emailRetryDelaySeconds: number;
  /** How often jobs of a process that died mid-job are found and retried. */
  maintenanceIntervalSeconds: number;
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Who takes payments. `stripe` with both keys; `local` (Campo plays the provider) by default outside production;
 * `unavailable` when production has no Stripe keys and BILLING_PROVIDER=local was not chosen, or the settings
 * are incomplete: billing routes then answer 503 and every owner keeps the plan the database says.
 */
export type BillingConfig =
  | {
      provider: "stripe";
      secretKey: string;
      webhookSecret: string;
      /** Test hook: a local fake of Stripe's API. */ apiUrl: string | undefined;
    }
  | { provider: "local" }
  | { provider: "unavailable"; reason: string };

export function loadBillingConfig(env: NodeJS.ProcessEnv, production: boolean): BillingConfig {
  const choice = env.BILLING_PROVIDER?.trim().toLowerCase() || undefined;
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (choice === "local") return { provider: "local" };
  if (choice !== undefined && choice !== "stripe")
    return { provider: "unavailable", reason: `BILLING_PROVIDER must be stripe or local, not "${choice}"` };
  if (secretKey && webhookSecret)
    return { provider: "stripe", secretKey, webhookSecret, apiUrl: env.STRIPE_API_URL || undefined };
  if (choice === "stripe" || secretKey || webhookSecret) {
    return { provider: "unavailable", reason: "Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET" };
  }
  if (production)
    return {
      provider: "unavailable",
      reason: "no Stripe keys in production; set BILLING_PROVIDER=local to use the local provider",
    };
  return { provider: "local" };
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
  const production = env.NODE_ENV === "production";
  return {
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    storageUrl: env.STORAGE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Campo <no-reply@campo.local>",
    jobs: {
      smtpTimeoutSeconds: positiveNumber(env.SMTP_TIMEOUT_SECONDS, 30),
      emailRetryDelaySeconds: positiveNumber(env.EMAIL_RETRY_DELAY_SECONDS, 30),
      maintenanceIntervalSeconds: Math.max(1, positiveNumber(env.JOB_MAINTENANCE_SECONDS, 60)),
    },
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    authSecret: env.AUTH_SECRET ?? overrides.authSecret ?? readSecret(dataDir),
    trustProxy: env.TRUST_PROXY === "true",
    trustProxyHops: Math.max(1, Math.floor(Number(env.TRUST_PROXY_HOPS ?? 1)) || 1),
    webDist: existsSync(path.join(webDist, "index.html")) ? webDist : undefined,
    devServer: env.CAMPO_DEV === "1",
    production,
    billing: loadBillingConfig(env, production),
    baseMap: baseMapFromEnv(env),
    webhooks: loadWebhooksConfig(env, production),
    apiTokenRateLimit: Math.max(1, Math.floor(Number(env.API_TOKEN_RATE_LIMIT ?? 600)) || 600),
    syncBatchEvaluationMs: positiveNumber(env.SYNC_BATCH_EVALUATION_MS, BATCH_EVALUATION_MS),
    checkResponses: env.CHECK_RESPONSES === "1",
    publicLinks: {
      proofBits: Math.min(32, Math.floor(positiveNumber(env.PUBLIC_LINK_POW_BITS, 16))),
      perAddressPerMinute: Math.floor(positiveNumber(env.PUBLIC_LINK_IP_PER_MINUTE, 60)),
      perLinkPerMinute: Math.floor(positiveNumber(env.PUBLIC_LINK_PER_MINUTE, 1200)),
    },
    ...overrides,
  };
}
