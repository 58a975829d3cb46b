import { describe, expect, it } from "vitest";
import { backgroundJobQueue } from "./background-job-queue.ts";
import type { JobQueue, SendOptions } from "./job-queue.ts";

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((settle, fail) => ((resolve = settle), (reject = fail)));
  return { promise, resolve, reject };
}

/** A started queue that records what reached it, in order. */
function recordingQueue() {
  const calls: string[] = [];
  const queue: JobQueue = {
    register: async (definition) => void calls.push(`register ${definition.name}`),
    send: async (definition) => (calls.push(`send ${definition.name}`), "job-1"),
    stop: async () => void calls.push("stop"),
    started: Promise.resolve(),
  };
  return { queue, calls };
}

const definition = { name: "mail", handle: async () => {} };

describe("the job queue starting behind the served requests", () => {
  it("holds a send until every queue is registered, then sends it once", async () => {
    const { queue, calls } = recordingQueue();
    const starting = deferred<JobQueue>();
    const jobs = backgroundJobQueue(starting.promise);
    const registration = deferred<void>();
    jobs.registering(
      (async () => {
        await jobs.register(definition);
        await registration.promise;
      })(),
    );
    const sent = jobs.send(definition, {});
    starting.resolve(queue);
    await expect.poll(() => calls).toEqual(["register mail"]);
    registration.resolve();
    await expect(sent).resolves.toBe("job-1");
    await expect(jobs.started).resolves.toBeUndefined();
    expect(calls).toEqual(["register mail", "send mail"]);
  });

  it("refuses sends and reports a start that failed, and its stop still ends", async () => {
    const starting = deferred<JobQueue>();
    const jobs = backgroundJobQueue(starting.promise);
    jobs.registering(jobs.register(definition));
    const sent = jobs.send(definition, {});
    starting.reject(new Error("pg-boss did not start"));
    await expect(sent).rejects.toThrow("pg-boss did not start");
    await expect(jobs.started).rejects.toThrow("pg-boss did not start");
    await expect(jobs.stop()).resolves.toBeUndefined();
  });

  it("stops the queue only once its start and registration have ended", async () => {
    const { queue, calls } = recordingQueue();
    const starting = deferred<JobQueue>();
    const jobs = backgroundJobQueue(starting.promise);
    const registration = deferred<void>();
    jobs.registering(registration.promise);
    const stopped = jobs.stop();
    starting.resolve(queue);
    // A whole turn of the event loop: every promise the start settled has run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([]);
    registration.resolve();
    await stopped;
    expect(calls).toEqual(["stop"]);
  });

  it("stops a started queue whose registration was never begun (a start that failed before it)", async () => {
    const { queue, calls } = recordingQueue();
    const jobs = backgroundJobQueue(Promise.resolve(queue));
    await jobs.stop();
    expect(calls).toEqual(["stop"]);
  });

  it("refuses a send inside a transaction before the start rather than hold the transaction's connection", async () => {
    const { queue, calls } = recordingQueue();
    const starting = deferred<JobQueue>();
    const jobs = backgroundJobQueue(starting.promise);
    const tx = {} as NonNullable<SendOptions["tx"]>;
    await expect(jobs.send(definition, {}, { tx })).rejects.toThrow(
      "mail sent in a transaction before the queue started",
    );
    starting.resolve(queue);
    jobs.registering(Promise.resolve());
    await jobs.started;
    await expect(jobs.send(definition, {}, { tx })).resolves.toBe("job-1");
    expect(calls).toEqual(["send mail"]);
  });
});
