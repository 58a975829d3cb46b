import type { AppContext } from "../../context.ts";
import type { JobDefinition } from "../../jobs/job-queue.ts";
import { staleDueDeliveries } from "../../db/queries/webhooks.ts";
import { attemptDelivery } from "./deliver-webhook.ts";

interface DeliveryJob {
  deliveryId: string;
}

const DELIVERY_JOB = "webhook-delivery";
const SWEEP_BATCH = 500;
/** A pending delivery still due this long after its time lost its job: the sweep sends it again. */
const SWEEP_GRACE_MS = 2 * 60_000;

/** One attempt of one delivery. Its HTTP failures are retried by the delivery itself (the backoff lives in the row). */
function deliveryJob(context: AppContext): JobDefinition<DeliveryJob> {
  return {
    name: DELIVERY_JOB,
    // Only for errors of Campo's own (the database): a failed POST is recorded and rescheduled, not thrown.
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    // Deliveries to different subjects go out side by side; one subject's stay in order (claimDelivery).
    batchSize: 8,
    handle: (data) =>
      attemptDelivery(context, data.deliveryId, new Date(), (ids, startAfter) =>
        dispatchDeliveries(context, ids, startAfter),
      ),
  };
}

/** Every minute: deliveries whose job was lost (sent after commit; a process may stop in between) get a new one. */
function sweepJob(context: AppContext): JobDefinition<Record<string, never>> {
  return {
    name: "webhook-sweep",
    retryLimit: 0,
    cron: "* * * * *",
    handle: async () => {
      const stale = await staleDueDeliveries(context.database.db, new Date(Date.now() - SWEEP_GRACE_MS), SWEEP_BATCH);
      await dispatchDeliveries(context, stale);
    },
  };
}

/** Called once from server.ts at start. */
export async function registerWebhookJobs(context: AppContext): Promise<void> {
  await context.jobs.register(deliveryJob(context));
  await context.jobs.register(sweepJob(context));
}

/** Queues one attempt per delivery, now or at `startAfter`. */
export async function dispatchDeliveries(
  context: AppContext,
  deliveryIds: readonly string[],
  startAfter?: Date,
): Promise<void> {
  const definition = deliveryJob(context);
  for (const deliveryId of deliveryIds) {
    await context.jobs.send(definition, { deliveryId }, startAfter ? { startAfter } : {});
  }
}
