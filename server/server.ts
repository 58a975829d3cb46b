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
import { registerJobs } from "./jobs/register-jobs.ts";

export interface RunningServer {
  url: string;
  /** The composed app: tests read its route table (`app.routes`). */
  app: Hono<AppEnv>;
  port: number;
  context: AppContext;
  close(): Promise<void>;
}

/** Opens the database (migrating it), composes the app and listens; used by main.ts and by API tests. */
export async function startServer(
  options: { config?: Partial<Config>; env?: NodeJS.ProcessEnv; mailer?: Mailer } = {},
): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const base = loadConfig(env, options.config);
  // Settings are refused before anything opens: a bad STORAGE_URL throws here.
  const storage = createStorage(base);
  if (base.databaseReplicaUrl && !/^postgres(ql)?:\/\//.test(base.databaseUrl ?? ""))
    throw new Error("DATABASE_REPLICA_URL needs DATABASE_URL on PostgreSQL (a replica of that primary)");
  const database = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir });
  const jobs = await startJobQueue(database, { maintenanceIntervalSeconds: base.jobs.maintenanceIntervalSeconds });
  const replica = base.databaseReplicaUrl ? openReplica(base.databaseReplicaUrl) : undefined;
  let server: ServerType | undefined;
  // Port 0 means "any free port": the public URL (better-auth's baseURL, trusted origin) then follows the real port.
  const port = await new Promise<number>((resolve, reject) => {
    const probe = serve(
      { fetch: () => new Response(null), port: base.port, hostname: "0.0.0.0" },
      (info: AddressInfo) => resolve(info.port),
    );
    probe.on("error", reject);
    server = probe;
  });
  const publicUrl = env.PUBLIC_URL || options.config?.publicUrl ? base.publicUrl : `http://localhost:${port}`;
  const config: Config = { ...base, port, publicUrl };
  const { app, context } = createApp({ config, database, jobs, replica, storage, mailer: options.mailer });
  if (config.billing.provider === "unavailable") {
    logger.warn("billing is unavailable: subscription routes answer 503; plans and limits still apply", {
      reason: config.billing.reason,
    });
  }
  await registerJobs(context, storage);
  server!.removeAllListeners("request");
  const listener = (await import("@hono/node-server")).getRequestListener(app.fetch);
  // The listener answers every error itself (500 with the error logged); nothing is left to reject.
  server!.on("request", (request, response) => void listener(request, response));
  return {
    url: publicUrl,
    app,
    port,
    context,
    close: () =>
      new Promise<void>((resolve) => {
        server!.close(() => {
          void jobs
            .stop()
            .then(() => replica?.close())
            .then(() => database.close())
            .then(resolve);
        });
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
