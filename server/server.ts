import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { loadConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { openReplica } from "./db/replica.ts";
import { createStorage } from "./services/storage/create-storage.ts";
import type { Hono } from "hono";
import { createApp } from "./app.ts";
import type { AppContext, AppEnv } from "./context.ts";
import type { Mailer } from "./services/mailer.ts";
import { logger } from "./lib/logger.ts";
import { startJobQueue } from "./jobs/job-queue.ts";
import { backgroundJobQueue } from "./jobs/background-job-queue.ts";
import { registerJobs } from "./jobs/register-jobs.ts";
import { startingResponse } from "./starting-response.ts";
import type { PasswordHashing } from "./auth/password-hashing.ts";
import type { PgliteThread } from "./db/pglite-thread.ts";

export interface RunningServer {
  url: string;
  /** The composed app: tests read its route table (`app.routes`). */
  app: Hono<AppEnv>;
  port: number;
  context: AppContext;
  /**
   * Settles once the job queue has started and made its queues, which it does behind the first requests (a send
   * waits for it); rejects, logged, if that failed: main.ts then stops the process, as a failed start would.
   */
  jobsStarted: Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  mailer?: Mailer;
  /**
   * Called once the port is bound, before the database is used; start waits for it. Until start ends, every request
   * is answered 503 (`startingResponse`).
   */
  onListening?: (port: number) => void | Promise<void>;
  /** An in-memory PGlite database starts from this dump (tests: server/test-support/database-template.ts). */
  memorySeed?: string;
  /** Tests: a cheaper password hash than production's (server/test-support/test-password-hashing.ts). */
  passwordHashing?: PasswordHashing;
  /**
   * The embedded database's thread, already started on these settings (main.ts: it opens while the server's modules
   * load). Start owns it: it is stopped if start fails.
   */
  pglite?: PgliteThread;
}

/**
 * Binds the port (answering 503 while it starts), opens the database (migrating it), composes the app, registers
 * the jobs and only then serves it; used by main.ts and by API tests.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  try {
    return await start(options);
  } catch (error) {
    // Once the database opened, its close (in `start`) has already stopped the thread: stop runs only once.
    await options.pglite?.stop();
    throw error;
  }
}

async function start(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const base = loadConfig(env, options.config);
  // Settings are refused before anything opens: a bad STORAGE_URL throws here.
  const storage = createStorage(base);
  if (base.databaseReplicaUrl && !/^postgres(ql)?:\/\//.test(base.databaseUrl ?? ""))
    throw new Error("DATABASE_REPLICA_URL needs DATABASE_URL on PostgreSQL (a replica of that primary)");
  // Port 0 means "any free port": the public URL (better-auth's baseURL, trusted origin) then follows the real port.
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = serve({ fetch: startingResponse, port: base.port, hostname: "0.0.0.0" }, (info: AddressInfo) =>
      resolve(info.port),
    );
    probe.on("error", reject);
    server = probe;
  });
  const listening = server!;
  const opened: { close(): Promise<void> }[] = [];
  try {
    await options.onListening?.(port);
    const database = await openDatabase({
      databaseUrl: base.databaseUrl,
      dataDir: base.dataDir,
      memorySeed: options.memorySeed,
      pglite: options.pglite,
    });
    opened.unshift(database);
    let serving = () => {};
    // Not awaited: the server serves while pg-boss starts, and sends and writes wait for it (background-job-queue.ts).
    const jobs = backgroundJobQueue(
      startJobQueue(database, {
        maintenanceIntervalSeconds: base.jobs.maintenanceIntervalSeconds,
        // Job workers and the first check of the schedules are background work: they start once requests are served.
        backgroundAfter: new Promise<void>((resolve) => (serving = resolve)),
      }),
    );
    opened.unshift({ close: () => jobs.stop() });
    const replica = base.databaseReplicaUrl ? openReplica(base.databaseReplicaUrl) : undefined;
    if (replica) opened.unshift(replica);
    const publicUrl = env.PUBLIC_URL || options.config?.publicUrl ? base.publicUrl : `http://localhost:${port}`;
    const config: Config = { ...base, port, publicUrl };
    const { app, context } = createApp({
      config,
      database,
      jobs,
      replica,
      storage,
      mailer: options.mailer,
      passwordHashing: options.passwordHashing,
    });
    if (config.billing.provider === "unavailable") {
      logger.warn("billing is unavailable: subscription routes answer 503; plans and limits still apply", {
        reason: config.billing.reason,
      });
    }
    jobs.registering(registerJobs(context, storage));
    const jobsStarted = jobs.started;
    jobsStarted.catch((error: unknown) => logger.error("the job queue did not start", { error }));
    const listener = (await import("@hono/node-server")).getRequestListener(app.fetch);
    // Swapped with no await between: a request that came in between the two would have no listener, and no answer.
    listening.removeAllListeners("request");
    // The listener answers every error itself (500 with the error logged); nothing is left to reject.
    listening.on("request", (request, response) => void listener(request, response));
    serving();
    return {
      url: publicUrl,
      app,
      port,
      context,
      jobsStarted,
      close: () =>
        new Promise<void>((resolve) => {
          listening.close(() => void closeInOrder(opened).then(resolve));
          (listening as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    };
  } catch (error) {
    // A start that fails half-way frees the port and what it had opened, so the process can exit.
    await new Promise<void>((resolve) => listening.close(() => resolve()));
    await closeInOrder(opened);
    throw error;
  }
}

/** Closes in the reverse order of opening (`opened` is kept newest first): the database last. */
async function closeInOrder(opened: readonly { close(): Promise<void> }[]): Promise<void> {
  for (const resource of opened) await resource.close();
}
