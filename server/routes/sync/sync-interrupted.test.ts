import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, assert, describe, expect, it } from "vitest";
import { formSubmissions } from "../../db/schema/index.ts";
import { startServer, type RunningServer } from "../../server.ts";
import { createTestDatabase, type TestDatabase } from "../../test-support/test-database.ts";
import { registrationFor } from "../../test-support/registration.ts";
import type { SyncRecordResult } from "../../../shared/submissions/sync-schemas.ts";
import { createForm, record, validAnswers } from "../../test-support/fixtures/sync-fixtures.ts";

/**
 * A connection cut in the middle of a batch and a server restart must not lose or double a record: the device
 * resends everything it has not seen acknowledged, and the server stores each record exactly once. The database
 * outlives the server: a PGlite folder (or a database on TEST_DATABASE_URL).
 */
describe("sync interrupted mid-batch", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-sync-restart-"));
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<RunningServer> {
    const env: NodeJS.ProcessEnv = {
      PORT: "0",
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      WEB_DIST: path.join(dataDir, "no-web"),
    };
    if (database) env.DATABASE_URL = database.url;
    return startServer({ env });
  }

  async function post(base: string, cookie: string, body: unknown): Promise<SyncRecordResult[]> {
    const response = await fetch(`${base}/api/sync`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: base },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: SyncRecordResult[] }).results;
  }

  /**
   * Sends the whole batch and drops the connection, as a phone losing signal does: either right after the body
   * left ("sent"), or once the server started answering, so the records are stored but the answer is lost ("answered").
   */
  function sendAndCut(base: string, cookie: string, body: unknown, cutWhen: "sent" | "answered"): Promise<void> {
    const payload = JSON.stringify(body);
    return new Promise((resolve) => {
      const req = request(`${base}/api/sync`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          cookie,
          origin: base,
        },
      });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.on("response", () => req.destroy());
      req.end(payload, () => {
        if (cutWhen === "sent") req.destroy();
      });
    });
  }

  it(
    "stores every record exactly once after a cut connection, a restart and a full resend",
    { timeout: 120_000 },
    async () => {
      if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
      server = await start();
      const signUp = await fetch(`${server.url}/api/account/register`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify(registrationFor("campo@campo.test", "secret123", "Coletora")),
      });
      expect(signUp.status).toBe(201);
      const cookie = signUp.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      const userId = (
        (await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } }
      ).user.id;
      await server.context.database.db.execute(
        sql`insert into user_limits (user_id, max_submissions) values (${userId}, 100000)`,
      );
      const form = await createForm(server.context.database.db, userId);
      const batches = [0, 1, 2].map((batch) =>
        Array.from({ length: 100 }, (_, i) =>
          record({ applicationId: form.applicationId, answers: validAnswers(form, batch * 100 + i) }),
        ),
      );

      expect((await post(server.url, cookie, { records: batches[0] })).every((r) => r.status === "created")).toBe(true);
      // The third batch is stored but its answer never arrives.
      await sendAndCut(server.url, cookie, { records: batches[2] }, "answered");
      // The second batch leaves the device, the connection drops and the server goes down while it may still be working.
      await sendAndCut(server.url, cookie, { records: batches[1] }, "sent");
      await server.close();

      server = await start();
      const resent: SyncRecordResult[] = [];
      for (const batch of batches) resent.push(...(await post(server.url, cookie, { records: batch })));
      const all = batches.flat();
      expect(resent.map((r) => r.id)).toEqual(all.map((r) => r.id));
      expect(resent.slice(0, 100).every((r) => r.status === "duplicate")).toBe(true);
      expect(resent.slice(100, 200).every((r) => r.status === "created" || r.status === "duplicate")).toBe(true);
      expect(resent.slice(200).every((r) => r.status === "duplicate")).toBe(true);

      const db = server.context.database.db;
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(formSubmissions);
      expect(row?.count).toBe(300);
      const [, resentBatch] = batches;
      assert(resentBatch);
      const stored = await db
        .select({ id: formSubmissions.id, answers: formSubmissions.answers })
        .from(formSubmissions)
        .where(
          inArray(
            formSubmissions.id,
            resentBatch.map((r) => r.id),
          ),
        );
      expect(new Map(stored.map((row) => [row.id, row.answers]))).toEqual(
        new Map(resentBatch.map((r) => [r.id, r.answers])),
      );
    },
  );
});
