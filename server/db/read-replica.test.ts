import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.ts";
import { HttpClient } from "../test-support/http-client.ts";
import { startPostgresReplicaPair, type PostgresReplicaPair } from "../test-support/postgres-replica-pair.ts";
import { grantRole, signUpAs, TRUST_PROXY_ENV } from "../test-support/fixtures/application-fixtures.ts";
import { createForm, record, sync, validAnswers, type FormFixture } from "../test-support/fixtures/sync-fixtures.ts";
import type { RecordPage } from "../../shared/records/record-view.ts";

/**
 * DATABASE_REPLICA_URL on a real streaming replica: the data page's heavy reads come from the replica, except for a
 * browser whose last write the replica has not replayed yet, on whichever API process it lands.
 */
describe("read replica", () => {
  let pair: PostgresReplicaPair;
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  let form: FormFixture;
  let owner: HttpClient;
  let collector: HttpClient;

  async function apiProcess(): Promise<RunningServer> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-replica-api-"));
    dataDirs.push(dataDir);
    const server = await startServer({
      env: {
        ...TRUST_PROXY_ENV,
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: pair.primaryUrl,
        DATABASE_REPLICA_URL: pair.replicaUrl,
        AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
        WEB_DIST: path.join(dataDir, "no-web"),
        LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
      },
    });
    servers.push(server);
    return server;
  }

  const listed = async (client: HttpClient) => {
    const response = await client.get(`/api/applications/${form.applicationId}/records`);
    expect(response.status).toBe(200);
    return ((await response.json()) as RecordPage).records.map((row) => row.id).sort();
  };
  const mapped = async (client: HttpClient) => {
    const response = await client.get(`/api/applications/${form.applicationId}/records/map-view?zoom=3`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { points: unknown[] }).points.length;
  };
  /** Records counted by the export (its X-Total-Records) and by a chart of the colour field. */
  const counted = async (client: HttpClient) => {
    const exported = await client.get(`/api/applications/${form.applicationId}/export.csv`);
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    const chart = await client.get(`/api/applications/${form.applicationId}/charts?field=${form.fields.color}`);
    expect(chart.status).toBe(200);
    return {
      exported: Number(exported.headers.get("x-total-records")),
      charted: ((await chart.json()) as { total: number }).total,
    };
  };
  const syncOne = async (client: HttpClient, index: number) => {
    const created = record({ applicationId: form.applicationId, answers: validAnswers(form, index) });
    expect((await sync(client, [created])).results[0]?.status).toBe("created");
    return created.id;
  };

  beforeAll(async () => {
    pair = await startPostgresReplicaPair();
    const first = await apiProcess();
    await apiProcess();
    owner = new HttpClient(first.url);
    const ownerId = (await signUpAs(owner, "dona-replica@campo.test")).id;
    form = await createForm(first.context.database.db, ownerId);
    collector = new HttpClient(first.url);
    const collectorUser = await signUpAs(collector, "coletor-replica@campo.test");
    await grantRole(first.context.database.db, {
      ownerId,
      userId: collectorUser.id,
      email: collectorUser.email,
      applicationId: form.applicationId,
      role: "collaborator",
    });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await pair?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("reads from the replica, but a browser's own write shows at once on every API process", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const before = await syncOne(collector, 0);
    await pair.replicaCaughtUp();
    expect(await listed(owner)).toEqual([before]);

    // The replica stops replaying: what the primary writes now, only the primary has.
    await pair.onReplica("select pg_wal_replay_pause()");
    const during = await syncOne(collector, 1);

    // The writer sees the write at once, on the process it wrote through and on another one.
    for (const server of [first, second]) {
      expect(await listed(collector.at(server.url))).toEqual([before, during].sort());
      expect(await mapped(collector.at(server.url))).toBe(2);
    }
    // Another reader's list and map come from the replica, which has not seen it yet...
    for (const server of [first, second]) {
      expect(await listed(owner.at(server.url))).toEqual([before]);
      expect(await mapped(owner.at(server.url))).toBe(1);
      expect(await counted(owner.at(server.url))).toEqual({ exported: 1, charted: 1 });
    }
    // ...while reads that are not routed (one record) stay on the primary.
    expect((await owner.get(`/api/applications/${form.applicationId}/records/${during}`)).status).toBe(200);

    // Once that reader writes too, their reads go to the primary until the replica catches up.
    const ownRecord = await syncOne(owner.at(second.url), 2);
    expect(await listed(owner)).toEqual([before, during, ownRecord].sort());
    expect(await counted(owner)).toEqual({ exported: 3, charted: 3 });

    await pair.onReplica("select pg_wal_replay_resume()");
    await pair.replicaCaughtUp();
    const everything = [before, during, ownRecord].sort();
    expect(await listed(owner)).toEqual(everything);
    expect(await listed(collector)).toEqual([before, during].sort());
  });

  it("sends reads to the primary when the replica stops answering", async () => {
    await pair.onReplica("select pg_wal_replay_pause()");
    const late = await syncOne(collector, 3);
    expect(await listed(owner)).not.toContain(late);
    await pair.stopReplica();
    expect(await listed(owner)).toContain(late);
  });
});
