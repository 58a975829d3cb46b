import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema/index.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { HttpClient } from "../test-support/http-client.ts";
import { startPostgresServer, type PostgresServer } from "../test-support/postgres-server.ts";
import { startSmtpSink, type SmtpSink } from "../test-support/smtp-sink.ts";
import { createFreshPostgresDatabase, type TestDatabase } from "../test-support/test-database.ts";
import { signUpAs } from "../test-support/fixtures/application-fixtures.ts";
import { createForm, record, sync, validAnswers } from "../test-support/fixtures/sync-fixtures.ts";
import type { RecordPage } from "../../shared/records/record-view.ts";

interface ApiProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** `npm start`'s entry (server/main.ts) in its own process; resolves once it listens. */
async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const listening = /Campo listening on (\S+?)"/.exec(line)?.[1];
      if (listening) resolve(listening);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return { url, child, exited };
}

async function kill(api: ApiProcess) {
  api.child.kill("SIGKILL");
  await api.exited;
}

describe("several API processes on one PostgreSQL database and one storage folder", () => {
  let postgres: PostgresServer;
  let database: TestDatabase;
  let direct: Database;
  let sink: SmtpSink;
  let dataDir: string;
  let env: Record<string, string>;
  const running: ApiProcess[] = [];
  const start = async () => {
    const api = await startApiProcess(env);
    running.push(api);
    return api;
  };

  beforeAll(async () => {
    postgres = startPostgresServer();
    database = await createFreshPostgresDatabase(postgres.url);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-processes-"));
    // The first e-mail hangs in the middle of its SMTP conversation, so that its process can be killed mid-job.
    sink = await startSmtpSink({ holdFirst: true });
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, "no-web"),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      TRUST_PROXY: "true",
      SMTP_URL: sink.url,
      SMTP_TIMEOUT_SECONDS: "2",
      EMAIL_RETRY_DELAY_SECONDS: "1",
      JOB_MAINTENANCE_SECONDS: "1",
    };
  }, 60_000);
  afterAll(async () => {
    for (const api of running) await kill(api);
    await sink.close();
    await direct?.close();
    await database.drop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shares sessions, records and jobs; a job cut by kill -9 is finished once by a restarted process", async () => {
    // Both start at once on an empty database: each migrates and installs the job queue under the schema lock.
    const [first, second] = await Promise.all([start(), start()]);
    direct = await openDatabase({ databaseUrl: database.url, dataDir });
    const device = new HttpClient(first.url);
    const through = [device, device.at(second.url)] as const;
    const user = await signUpAs(device, "campo-multi@campo.test");
    // The welcome e-mail's job is taken by one of the two processes and hangs there.
    await sink.held;

    const form = await createForm(direct.db, user.id, "Vistoria em dois processos");
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const sent = record({ applicationId: form.applicationId, answers: validAnswers(form, index) });
      const client = through[index % 2]!;
      expect((await sync(client, [sent])).results[0]?.status).toBe("created");
      ids.push(sent.id);
    }
    for (const client of through) {
      const response = await client.get(`/api/applications/${form.applicationId}/records`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as RecordPage;
      expect(page.records.map((row) => row.id).sort()).toEqual([...ids].sort());
    }

    await Promise.all([kill(first), kill(second)]);
    expect(sink.received).toHaveLength(0);
    const restarted = await start();
    // The session lives in the database: the device stays signed in on a process it never talked to.
    const again = device.at(restarted.url);
    expect(((await (await again.get("/api/me")).json()) as { user: { id: string } | null }).user?.id).toBe(user.id);
    // The killed job expires (twice the SMTP timeout) and is retried once by the new process.
    const mail = await sink.next((message) => message.to.includes(user.email));
    expect(mail.to).toEqual([user.email]);
    expect(sink.received).toHaveLength(1);
    expect(sink.attempts()).toBe(2);
    const rows = await direct.db.select().from(emailOutbox);
    expect(rows.map((row) => [row.toAddress, row.kind])).toEqual([[user.email, "welcome"]]);
  }, 90_000);
});
