import type { JobQueue } from "./job-queue.ts";

export interface BackgroundJobQueue extends JobQueue {
  /** The registration of every queue, begun once the app that sends to them exists: sends wait for it. */
  registering(registration: Promise<void>): void;
}

/**
 * The job queue while it starts behind the served requests (docs/decisions.md, "Cold start: the job queue starts
 * behind the first requests"): pg-boss's start and the queues' registration were a fifth of a fresh start, yet only a
 * send needs them. A register waits for pg-boss's start; a send waits for every queue to be registered (pg-boss
 * refuses a job for a queue it does not have yet), and so does a request that writes, before its handler runs
 * (middleware/writes-after-job-queue.ts): in the first moments it is slower, never refused. A stop waits for the
 * start to end, whichever way, then stops what started.
 */
export function backgroundJobQueue(starting: Promise<JobQueue>): BackgroundJobQueue {
  let handedOver: Promise<void> | undefined;
  let registered!: (registration: Promise<void>) => void;
  const registration = new Promise<void>((resolve) => (registered = resolve));
  const ready = starting.then(async (queue) => {
    await registration;
    return queue;
  });
  let isReady = false;
  const started = ready.then(() => void (isReady = true));
  // A failure is reported through `started` and each send, not as an unhandled rejection meanwhile.
  registration.catch(() => undefined);
  started.catch(() => undefined);
  return {
    started,
    registering(work) {
      handedOver = work.catch(() => undefined);
      registered(work);
    },
    register: async (definition) => (await starting).register(definition),
    async send(definition, data, options) {
      // Waiting here inside a transaction would hold, on PGlite's one session, the connection the start needs: writes
      // wait for the start before their handler runs (writes-after-job-queue.ts), so this is a bug, said at once.
      if (options?.tx && !isReady)
        throw new Error(`job ${definition.name} sent in a transaction before the queue started`);
      return (await ready).send(definition, data, options);
    },
    async stop() {
      const queue = await starting.catch(() => undefined);
      await handedOver;
      await queue?.stop();
    },
  };
}
