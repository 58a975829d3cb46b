import type { AppContext } from "../context.ts";
import { analyticsRollupJob } from "./analytics-rollup-job.ts";
import { emailDeliveryJob } from "./email-delivery-job.ts";
import { emailOutboxSweepJob } from "./email-outbox-sweep-job.ts";
import { expiredAuthCleanupJob } from "./expired-auth-cleanup-job.ts";
import { orphanUploadCleanupJob } from "./orphan-upload-cleanup-job.ts";
import type { Storage } from "../services/storage/storage.ts";
import { unreferencedFileSweepJob } from "./unreferenced-file-sweep-job.ts";
import { registerWebhookJobs } from "../services/webhooks/webhook-jobs.ts";

/** Every background job of the server, one line each; called once at start, before requests are served. */
export async function registerJobs(context: AppContext, storage: Storage): Promise<void> {
  const { config, jobs } = context;
  const db = context.database.db;
  if (config.smtpUrl)
    await jobs.register(emailDeliveryJob(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, jobs: config.jobs }));
  await jobs.register(emailOutboxSweepJob(db, jobs));
  await jobs.register(analyticsRollupJob(db));
  await jobs.register(expiredAuthCleanupJob(db));
  await jobs.register(orphanUploadCleanupJob(db, storage));
  await jobs.register(unreferencedFileSweepJob(db, storage));
  await registerWebhookJobs(context);
}
