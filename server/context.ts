import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Auth } from "./auth/auth.ts";
import type { AuthVariables } from "./auth/session.ts";
import type { Mailer } from "./services/mailer.ts";
import type { JobQueue } from "./jobs/job-queue.ts";

/**
 * What every route and service receives. A leaf module (types only, importing nothing that imports it back) so
 * that routes and services never import `app.ts`, which imports them.
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** Durable background work (pg-boss on the same database); register definitions at start, then send. */
  jobs: JobQueue;
  mailer: Mailer;
  auth: Auth;
}

export type AppEnv = { Variables: AuthVariables };
