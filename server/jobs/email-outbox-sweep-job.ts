import type { Db } from "../db/client.ts";
import { listPendingOutboxEmailIds } from "../db/queries/email-outbox.ts";
import { EMAIL_DELIVERY_JOB, type EmailDeliveryData } from "./email-delivery-job.ts";
import type { JobDefinition, JobQueue } from "./job-queue.ts";

/** A row pending this long has lost its job (written before an upgrade, or its job was archived): queue it again. */
export const OUTBOX_SWEEP_AGE_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Every 10 minutes, queues delivery of outbox rows still pending. The job id is the row id, so a row whose job is
 * still queued or retrying is not queued twice.
 */
export function emailOutboxSweepJob(db: Db, jobs: JobQueue, now = () => new Date()): JobDefinition<object> {
  return {
    name: "email-outbox-sweep",
    cron: "*/10 * * * *",
    retryLimit: 0,
    async handle() {
      const ids = await listPendingOutboxEmailIds(db, new Date(now().getTime() - OUTBOX_SWEEP_AGE_MS), SWEEP_BATCH);
      for (const outboxId of ids)
        await jobs.send<EmailDeliveryData>({ name: EMAIL_DELIVERY_JOB }, { outboxId }, { id: outboxId });
    },
  };
}
