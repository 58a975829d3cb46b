import PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import { logger } from "../lib/logger.ts";

/**
 * One kind of background work. Jobs live in PostgreSQL (pg-boss, schema `pgboss`), so they survive restarts, retry
 * with backoff, and any API process on the same database picks them up (see docs/decisions.md "Job queue").
 */
export interface JobDefinition<T extends object> {
  name: string;
  /** Attempts after the first failure; with `retryBackoff` the delay doubles from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job not finished after this long is failed (and retried): a process killed mid-job loses nothing. */
  expireInSeconds?: number;
  /** Jobs fetched at once and run side by side (default 1: one at a time). */
  batchSize?: number;
  /** Cron (UTC) for a recurring job; pg-boss makes sure one process enqueues each tick. */
  cron?: string;
  handle(data: T, job: { id: string; retryCount: number }): Promise<void>;
}

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** At most one queued job with this key (e.g. one delivery run per endpoint). */
  singletonKey?: string;
  /** The job's id (a uuid): a second send with the same id is ignored while the first is kept. */
  id?: string;
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  tx?: Db;
}

export interface JobQueue {
  /** Creates the queue, its worker and its schedule; call once per definition, before sending to it. */
  register<T extends object>(definition: JobDefinition<T>): Promise<void>;
  /** Enqueues a job and wakes this process's worker for it at once. Answers the job id (null when deduplicated). */
  send<T extends object>(
    definition: Pick<JobDefinition<T>, "name">,
    data: T,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Stops fetching, waits for running jobs (up to the timeout), then stops. */
  stop(): Promise<void>;
  /** Settles once a send can be made: at once here; later for a queue still starting (background-job-queue.ts). */
  started: Promise<void>;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for work queued by other processes (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** false: send only (a process that must not run jobs, e.g. a one-off script). */
  runWorkers?: boolean;
  /** How often expired jobs (of a process killed mid-job) are failed and retried, among other upkeep (seconds). */
  maintenanceIntervalSeconds?: number;
  /**
   * Background work starts once this resolves (the server: once it serves), not at once: job workers, whose first
   * fetches would otherwise queue ahead of the start's own queries on PGlite's one connection (a job sent meanwhile
   * waits in its queue, which registration has already made, so sending works at once), and pg-boss's first check of
   * the schedules, whose cron parser's first use costs 0.1–0.3 s of the main thread in the middle of a start (a
   * schedule due in the last minute is still sent once it runs).
   */
  backgroundAfter?: Promise<void>;
}

/** A value as node-postgres would send it: objects as JSON text, undefined as null (drizzle drops an undefined). */
function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  return value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
}

/** pg-boss's `$1` placeholders as drizzle parameters, so that it can run its SQL inside a drizzle transaction. */
function drizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${parameter(values[Number(part) - 1])}`)),
    sql.raw(""),
  );
}

function transactionExecutor(tx: Db) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await tx.execute(drizzleSql(text, values));
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

const STOP_TIMEOUT_MS = 10_000;
const SCHEDULE_TIME_ZONE = "UTC";
/** The first query of pg-boss's check of the schedules (its timekeeper's `trySetCronTime`), run as it starts. */
const CRON_CHECK = /\.version SET cron_on = now\(\)/;
/** pg-boss's commands on jobs by id (complete, fail, cancel…), whose answer it reads as one row with a `count`. */
const JOB_COMMAND = /SELECT COUNT\(\*\) FROM results\s*$/i;

type StoredSchedule = PgBoss.Schedule & { timezone: string };

/** What makes two settings of one queue the same (Campo sets these four, never a policy or dead letter). */
const queueSettingsKey = (settings: PgBoss.RetryOptions & PgBoss.ExpirationOptions) =>
  `${settings.retryLimit} ${settings.retryDelay} ${settings.retryBackoff} ${settings.expireInSeconds}`;

/** What makes two schedules of one queue the same (their data and options are always `{}` and the time zone). */
const cronKey = (schedule: { cron: string; timezone: string }) => `${schedule.cron} ${schedule.timezone}`;

/** Starts pg-boss on the application's own database connection (PGlite included: see `database.query`). */
export async function startJobQueue(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  // A job that outlives the stop timeout (pg-boss fails it then, to be retried) still settles after the caller has
  // closed the pool, and pg-boss marks it complete or failed without awaiting the query: once stopped, its SQL
  // answers no rows (a command on jobs: that it changed none) instead of rejecting, unhandled, on a closed pool.
  let stopped = false;
  // From the stop's first moment: a worker whose start was deferred (backgroundAfter) must not start then.
  let stopping = false;
  // pg-boss's queries under way. Its stop does not wait for a worker's fetch, and the caller closes the pool next: a
  // fetch still queued for a connection then never settles, its worker never stops, and pg-boss polls for that
  // worker for ever, keeping the process alive (the build's seed step never exited). Stop waits for them instead.
  const queries = new Set<Promise<unknown>>();
  const send = (text: string, values: unknown[]) => {
    if (stopped) return Promise.resolve({ rows: JOB_COMMAND.test(text) ? [{ count: "0" }] : [] });
    const query = database.query(text, values);
    const settled: Promise<unknown> = query.then(
      () => queries.delete(settled),
      () => queries.delete(settled),
    );
    queries.add(settled);
    return query;
  };
  // Undefined once background work may run.
  let beforeBackground = options.backgroundAfter;
  void beforeBackground?.then(() => (beforeBackground = undefined));
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) =>
        beforeBackground && CRON_CHECK.test(text)
          ? beforeBackground.then(() => send(text, values))
          : send(text, values),
    },
    schema: "pgboss",
    // Completed jobs are history, not state: keep a week of it.
    deleteAfterDays: 7,
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on("error", (error: unknown) => logger.error("job queue error", { error }));
  // pg-boss installs its schema on first start; a process started beside this one must not install it at once.
  await database.exclusively(() => boss.start());
  const workerIds = new Map<string, string>();
  // Read once, at the first recurring job's registration.
  let schedules: Promise<Map<string, string>> | undefined;
  const scheduledCron = (name: string) => {
    // Each row is the table's: its `timezone` column is missing from pg-boss's types.
    schedules ??= boss
      .getSchedules()
      .then((rows) => new Map((rows as StoredSchedule[]).map((row) => [row.name, cronKey(row)])));
    return schedules.then((byName) => byName.get(name));
  };
  const runWorkers = options.runWorkers ?? true;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  // Read once, at the first registration: a start then writes only a queue that is new or whose settings changed
  // (pg-boss's createQueue leaves an existing queue as it is, so a changed setting needs an update).
  let storedQueues: Promise<Map<string, string>> | undefined;

  return {
    started: Promise.resolve(),
    async register<T extends object>(definition: JobDefinition<T>) {
      const settings = {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: definition.retryBackoff ?? true,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      };
      storedQueues ??= boss.getQueues().then((rows) => new Map(rows.map((row) => [row.name, queueSettingsKey(row)])));
      const stored = (await storedQueues).get(definition.name);
      if (stored === undefined) await database.exclusively(() => boss.createQueue(definition.name, settings));
      else if (stored !== queueSettingsKey(settings))
        await database.exclusively(() => boss.updateQueue(definition.name, settings));
      const startWorker = async () => {
        let workerId = "";
        workerId = await boss.work<T>(
          definition.name,
          { pollingIntervalSeconds, includeMetadata: true, batchSize: definition.batchSize ?? 1 },
          async (jobs) => {
            // A fetch under way as the stop began can still bring jobs: they fail, and are retried, as pg-boss's
            // own work in progress at a stop does, rather than run on a pool about to close.
            if (stopping) throw new Error("the job queue stopped before the job ran");
            const run = (job: (typeof jobs)[number]) =>
              definition.handle(job.data, { id: job.id, retryCount: job.retryCount });
            if (jobs.length > 1) await Promise.all(jobs.map(run));
            else for (const job of jobs) await run(job);
            // pg-boss waits a polling interval after every fetch; a worker that found work fetches again at once.
            if (jobs.length > 0) boss.notifyWorker(workerId);
          },
        );
        workerIds.set(definition.name, workerId);
      };
      if (runWorkers && options.backgroundAfter) {
        void options.backgroundAfter
          .then(() => (stopping ? undefined : startWorker()))
          .catch((error: unknown) => logger.error("job worker did not start", { queue: definition.name, error }));
      } else if (runWorkers) await startWorker();
      // A schedule already stored as is (every restart, and a first start from the build's seed) is not written
      // again: pg-boss would parse its cron first, and that parser's first use costs hundreds of ms of a start.
      const { cron } = definition;
      if (cron && (await scheduledCron(definition.name)) !== cronKey({ cron, timezone: SCHEDULE_TIME_ZONE }))
        await boss.schedule(definition.name, cron, {}, { tz: SCHEDULE_TIME_ZONE });
    },
    async send(definition, data, sendOptions = {}) {
      const id = await boss.send(definition.name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) } : {}),
      });
      // A job sent in a transaction is not visible before its commit: the worker's polling finds it then.
      const workerId = workerIds.get(definition.name);
      if (workerId && !sendOptions.startAfter && !sendOptions.tx) boss.notifyWorker(workerId);
      return id;
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // A fetch still under way is answered before the pool closes, and so is the failure of the jobs it brought,
      // queried a few promise turns after it: each round waits for the queries, then for those turns (setImmediate).
      while (queries.size > 0) {
        await Promise.all(queries);
        await new Promise((resolve) => setImmediate(resolve));
      }
      stopped = true;
    },
  };
}
