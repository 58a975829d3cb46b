import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../db/client.ts";
import { findOutboxEmail, insertOutboxEmail } from "../db/queries/email-outbox.ts";
import { createMailer } from "../services/mailer.ts";
import { createMigratedTestDatabase, type MigratedTestDatabase } from "../test-support/database-template.ts";
import { startSmtpSink, type SmtpSink } from "../test-support/smtp-sink.ts";
import { emailDeliveryJob, type EmailDeliveryData } from "./email-delivery-job.ts";
import { emailOutboxSweepJob, OUTBOX_SWEEP_AGE_MS } from "./email-outbox-sweep-job.ts";
import { startJobQueue, type JobDefinition, type JobQueue } from "./job-queue.ts";

describe("e-mail delivery on the job queue", () => {
  let testDatabase: MigratedTestDatabase;
  let database: Database;
  let queue: JobQueue;
  let sink: SmtpSink;
  /** Each delivery job run, after it finished (or threw), with its retry count. */
  const runs: { outboxId: string; retryCount: number; failed: boolean }[] = [];
  const runWaiters: (() => void)[] = [];
  const nextRun = () => new Promise<void>((resolve) => runWaiters.push(resolve));

  beforeAll(async () => {
    sink = await startSmtpSink({ failFirst: 2 });
    testDatabase = await createMigratedTestDatabase();
    database = await openDatabase({
      databaseUrl: testDatabase.url,
      memorySeed: testDatabase.memorySeed,
      dataDir: mkdtempSync(path.join(os.tmpdir(), "campo-email-jobs-")),
    });
    queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    const delivery = emailDeliveryJob(database.db, {
      smtpUrl: sink.url,
      from: "Campo <no-reply@campo.local>",
      jobs: { smtpTimeoutSeconds: 5, emailRetryDelaySeconds: 1, maintenanceIntervalSeconds: 60 },
    });
    const observed: JobDefinition<EmailDeliveryData> = {
      ...delivery,
      async handle(data, job) {
        let failed = false;
        try {
          await delivery.handle(data, job);
        } catch (error) {
          failed = true;
          throw error;
        } finally {
          runs.push({ outboxId: data.outboxId, retryCount: job.retryCount, failed });
          runWaiters.splice(0).forEach((wake) => wake());
        }
      },
    };
    await queue.register(observed);
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await testDatabase.drop();
    await sink.close();
  });

  const runsOf = (outboxId: string) => runs.filter((run) => run.outboxId === outboxId);
  async function untilDelivered(outboxId: string) {
    while (!runsOf(outboxId).some((run) => !run.failed)) await nextRun();
  }

  it("retries a refused message until the server accepts it: delivered once, every attempt recorded", async () => {
    const mailer = createMailer(database.db, queue, { smtpUrl: sink.url });
    const { outboxId } = await mailer.send({
      to: "ana@example.com",
      subject: "Olá",
      text: "Bem-vinda",
      kind: "welcome",
    });
    assert(outboxId);
    expect((await findOutboxEmail(database.db, outboxId))?.status).toBe("pending");

    await untilDelivered(outboxId);
    expect(runsOf(outboxId).map((run) => [run.retryCount, run.failed])).toEqual([
      [0, true],
      [1, true],
      [2, false],
    ]);
    expect(sink.attempts()).toBe(3);
    expect(sink.received.filter((mail) => mail.to.includes("ana@example.com"))).toHaveLength(1);
    const row = await findOutboxEmail(database.db, outboxId);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("writes nothing, neither the row nor its job, when the caller's transaction rolls back", async () => {
    const mailer = createMailer(database.db, queue, { smtpUrl: sink.url });
    let outboxId: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        ({ outboxId } = await mailer.send({ to: "bia@example.com", subject: "x", text: "y", kind: "test" }, { tx }));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    assert(outboxId);
    expect(await findOutboxEmail(database.db, outboxId)).toBeUndefined();
    const queued = await database.query("select count(*)::int as n from pgboss.job where id = $1", [outboxId]);
    expect(queued.rows).toEqual([{ n: 0 }]);
  });

  it("sweeps a row left pending without a job (a crash between commit and send) onto the queue", async () => {
    const outboxId = await insertOutboxEmail(database.db, {
      toAddress: "caio@example.com",
      subject: "Esquecido",
      textBody: "texto",
      kind: "test",
      status: "pending",
    });
    const later = new Date(Date.now() + OUTBOX_SWEEP_AGE_MS + 1000);
    await emailOutboxSweepJob(database.db, queue, () => later).handle({}, { id: "sweep", retryCount: 0 });
    await untilDelivered(outboxId);
    expect(await findOutboxEmail(database.db, outboxId)).toMatchObject({ status: "sent", attempts: 1 });
    expect(sink.received.filter((mail) => mail.to.includes("caio@example.com"))).toHaveLength(1);
  });
});
