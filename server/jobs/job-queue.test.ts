import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import PgBoss from "pg-boss";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../db/client.ts";
import { createMigratedTestDatabase, type MigratedTestDatabase } from "../test-support/database-template.ts";
import { startJobQueue, type JobDefinition, type JobQueue } from "./job-queue.ts";

/** A promise and the function that settles it: a handler signals what the test awaits. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe("job queue (pg-boss on the application's database)", () => {
  let testDatabase: MigratedTestDatabase;
  let database: Database;
  const queues: JobQueue[] = [];
  const start = async (options?: Parameters<typeof startJobQueue>[1]) => {
    const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5, ...options });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase();
    database = await openDatabase({
      databaseUrl: testDatabase.url,
      memorySeed: testDatabase.memorySeed,
      dataDir: mkdtempSync(path.join(os.tmpdir(), "campo-jobs-")),
    });
  });
  // A handle of its own on the database that records every query sent through it: the other tests' queues keep
  // sending theirs (schedule checks, fetches) through the shared one.
  const watchedDatabase = () => {
    const sent: { text: string; values?: unknown[] }[] = [];
    const watched: Database = {
      ...database,
      query: (text, values) => {
        sent.push({ text, values });
        return database.query(text, values);
      },
    };
    return { watched, sent };
  };
  /** Stops `queue` with pg-boss's own stop wrapped by `around` (which calls it), for this one stop. */
  const stopAroundBossStop = async (
    queue: JobQueue,
    around: (bossStop: PgBoss["stop"], options?: PgBoss.StopOptions) => Promise<void>,
  ) => {
    const bossStop = PgBoss.prototype.stop;
    const wrapped = vi.spyOn(PgBoss.prototype, "stop").mockImplementation(function (this: PgBoss, options) {
      return around((stopOptions) => bossStop.call(this, stopOptions), options);
    });
    try {
      await queue.stop();
    } finally {
      wrapped.mockRestore();
    }
  };
  const jobState = async (id: string | null) => {
    const result = await database.query("select state from pgboss.job where id = $1", [id]);
    return (result.rows[0] as { state?: string } | undefined)?.state;
  };

  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.close();
    await testDatabase.drop();
  });

  it("runs a sent job once, with its data", async () => {
    const queue = await start();
    const seen: string[] = [];
    const ran = new Map<string, ReturnType<typeof signal<void>>>();
    const ranFor = (name: string) => {
      const known = ran.get(name);
      if (known) return known;
      const created = signal<void>();
      ran.set(name, created);
      return created;
    };
    const greet: JobDefinition<{ name: string }> = {
      name: "test-greet",
      async handle(data) {
        seen.push(data.name);
        ranFor(data.name).resolve();
      },
    };
    await queue.register(greet);
    const id = await queue.send(greet, { name: "Ana" });
    await ranFor("Ana").promise;
    await vi.waitFor(async () => expect(await jobState(id)).toBe("completed"));
    // A job run twice would run again before one sent after it completed: the worker takes jobs in order.
    await queue.send(greet, { name: "Bia" });
    await ranFor("Bia").promise;
    expect(seen).toEqual(["Ana", "Bia"]);
  });

  it("retries a failing job until it succeeds, counting its retries", async () => {
    const queue = await start();
    const retries: number[] = [];
    const done = signal<void>();
    const flaky: JobDefinition<object> = {
      name: "test-flaky",
      retryLimit: 3,
      retryDelaySeconds: 1,
      retryBackoff: false,
      async handle(_data, job) {
        retries.push(job.retryCount);
        if (job.retryCount < 2) throw new Error("not yet");
        done.resolve();
      },
    };
    await queue.register(flaky);
    await queue.send(flaky, {});
    await done.promise;
    expect(retries).toEqual([0, 1, 2]);
  });

  it("keeps a job sent while no worker runs, for the next process that works the queue", async () => {
    const sender = await start({ runWorkers: false });
    const later: JobDefinition<{ n: number }> = { name: "test-later", handle: async () => {} };
    await sender.register(later);
    await sender.send(later, { n: 7 });
    await sender.stop();

    const received = signal<number>();
    const worker = await start();
    await worker.register<{ n: number }>({ ...later, handle: async (data) => received.resolve(data.n) });
    expect(await received.promise).toBe(7);
  });

  it("fails a job fetched as the queue stops, for the next process to run, and never runs it on a closing pool", async () => {
    const fetching = signal<void>();
    const released = signal<void>();
    let holdFetch = false;
    // The worker's next fetch is answered only once pg-boss has stopped: the stop is under way while it runs.
    const held: Database = {
      ...database,
      query: (text, values) => {
        if (!holdFetch || !/FOR UPDATE SKIP LOCKED/.test(text) || values?.[0] !== "test-stopping")
          return database.query(text, values);
        holdFetch = false;
        fetching.resolve();
        return released.promise.then(() => database.query(text, values));
      },
    };
    const definition: JobDefinition<object> = {
      name: "test-stopping",
      retryDelaySeconds: 1,
      retryBackoff: false,
      handle: async () => {},
    };
    const ranOnStopped: number[] = [];
    const stopping = await startJobQueue(held, { pollingIntervalSeconds: 0.5 });
    await stopping.register({ ...definition, handle: async (_data, job) => void ranOnStopped.push(job.retryCount) });
    holdFetch = true;
    await fetching.promise;
    const id = await stopping.send(definition, {});
    await stopAroundBossStop(stopping, async (bossStop, options) => {
      await bossStop(options);
      released.resolve();
    });
    expect(await jobState(id)).toBe("retry");
    expect(ranOnStopped).toEqual([]);

    const ran = signal<number>();
    const next = await start();
    await next.register({ ...definition, handle: async (_data, job) => ran.resolve(job.retryCount) });
    expect(await ran.promise).toBe(1);
    expect(ranOnStopped).toEqual([]);
  });

  it("lets a job that outlives the stop end without error, and leaves it failed for the next process", async () => {
    const started = signal<void>();
    const finish = signal<void>();
    const ended = signal<void>();
    const definition: JobDefinition<object> = {
      name: "test-outliving",
      retryDelaySeconds: 1,
      retryBackoff: false,
      async handle() {
        started.resolve();
        await finish.promise;
        ended.resolve();
      },
    };
    const stopping = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    await stopping.register(definition);
    const id = await stopping.send(definition, {});
    await started.promise;
    // pg-boss's shortest wait for work in progress (1 s) instead of Campo's 10 s.
    await stopAroundBossStop(stopping, (bossStop, options) => bossStop({ ...options, timeout: 1000 }));
    expect(await jobState(id)).toBe("retry");
    // Its completion, sent once stopped, must settle (a rejection there is unhandled: pg-boss does not await it).
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    finish.resolve();
    await ended.promise;
    await new Promise((resolve) => setImmediate(resolve));
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
    expect(await jobState(id)).toBe("retry");
  });

  it("starts workers only once backgroundAfter resolves, and runs a job sent before then", async () => {
    const serving = signal<void>();
    const queue = await start({ backgroundAfter: serving.promise });
    const ran = signal<number>();
    const early: JobDefinition<{ n: number }> = { name: "test-early", handle: async (data) => ran.resolve(data.n) };
    await queue.register(early);
    const id = await queue.send(early, { n: 3 });
    // Several polling intervals (0.5 s here) with no worker: the job waits in its queue.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await jobState(id)).toBe("created");
    serving.resolve();
    expect(await ran.promise).toBe(3);
  });

  it("checks the schedules only once backgroundAfter resolves", async () => {
    const serving = signal<void>();
    const { watched, sent } = watchedDatabase();
    const queue = await startJobQueue(watched, { backgroundAfter: serving.promise });
    queues.push(queue);
    await queue.register({ name: "test-scheduled", cron: "*/5 * * * *", handle: async () => {} });
    // pg-boss checks the schedules on the turn after its start (setImmediate); a round trip later it would have.
    await new Promise((resolve) => setImmediate(resolve));
    await watched.query("select 1");
    const cronChecks = () => sent.filter(({ text }) => /SET cron_on = now\(\)/.test(text));
    expect(cronChecks()).toEqual([]);
    serving.resolve();
    await vi.waitFor(() => expect(cronChecks()).toHaveLength(1));
  });

  it("writes a queue only when it is new or its settings changed", async () => {
    const { watched, sent } = watchedDatabase();
    // pg-boss's start creates its own queue each time: only this test's queue counts.
    const writes = () =>
      sent.filter(
        ({ text, values }) => /create_queue|UPDATE pgboss\.queue/.test(text) && values?.[0] === "test-settings",
      ).length;
    const register = async (definition: JobDefinition<object>) => {
      const queue = await startJobQueue(watched, { runWorkers: false });
      queues.push(queue);
      await queue.register(definition);
    };
    const settings = async () => {
      const { rows } = await database.query("select retry_limit from pgboss.queue where name = 'test-settings'");
      return rows[0] as { retry_limit: number };
    };
    const definition: JobDefinition<object> = { name: "test-settings", handle: async () => {} };
    await register(definition);
    expect(writes()).toBe(1);
    // A restart registers the same queue: nothing is written.
    await register(definition);
    expect(writes()).toBe(1);
    // A changed setting reaches the stored queue (pg-boss's create leaves an existing queue as it is).
    await register({ ...definition, retryLimit: 2 });
    expect(writes()).toBe(2);
    expect(await settings()).toEqual({ retry_limit: 2 });
  });

  it("writes a recurring job's schedule only when it is new or its cron changed", async () => {
    const stored = async () => {
      const { rows } = await database.query("select cron, updated_on from pgboss.schedule where name = 'test-tick'");
      return rows[0] as { cron: string; updated_on: Date };
    };
    const tick: JobDefinition<object> = { name: "test-tick", cron: "*/5 * * * *", handle: async () => {} };
    await (await start({ runWorkers: false })).register(tick);
    const first = await stored();
    expect(first.cron).toBe("*/5 * * * *");

    // A restart registers the same schedule: the row is left as it was (a write would move updated_on).
    await (await start({ runWorkers: false })).register(tick);
    expect(await stored()).toEqual(first);

    await (await start({ runWorkers: false })).register({ ...tick, cron: "*/7 * * * *" });
    const changed = await stored();
    expect(changed.cron).toBe("*/7 * * * *");
    expect(changed.updated_on.getTime()).toBeGreaterThan(first.updated_on.getTime());
  });
});
