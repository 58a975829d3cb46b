import { eq, sql } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { applications, formFields, formSubmissions, userLimits } from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { DEFERRED_RETRY_AFTER_SECONDS } from "../../services/sync/batch-evaluation-budget.ts";
import { syncBatchResultSchema, type SyncBatchResult } from "../../../shared/submissions/sync-schemas.ts";
import { record } from "../../test-support/fixtures/sync-fixtures.ts";
import { REPEAT_COUNT_MAX } from "../../../shared/fields/field-config.ts";

const SLOW_FIELDS = 10;

/**
 * A valid form whose logic takes real time: each of the 500 repeat entries a list may hold checks a 200-term sum in
 * each of its ten fields, milliseconds per record, past the 1 ms batch budget this server gets and well within a
 * record's own 2 s.
 */
async function createSlowForm(db: Db, ownerId: string) {
  const [application] = await db.insert(applications).values({ ownerId, name: "Pesada" }).returning();
  assert(application);
  const numbers = Array.from({ length: SLOW_FIELDS }, (_, index) => ({
    applicationId: application.id,
    position: index + 1,
    fieldType: "number" as const,
    label: `Valor ${index}`,
    name: `valor${index}`,
    parentName: "itens",
    config: { constraint: `${Array.from({ length: 200 }, () => `\${valor${index}}`).join(" + ")} >= 0` },
  }));
  const rows = await db
    .insert(formFields)
    .values([
      { applicationId: application.id, position: 0, fieldType: "repeat", label: "Itens", name: "itens", config: {} },
      ...numbers,
    ])
    .returning();
  const [repeat, ...values] = rows.sort((a, b) => a.position - b.position).map((row) => row.id);
  assert(repeat && values.length === SLOW_FIELDS);
  const entry = (index: number) => Object.fromEntries(values.map((id) => [id, index]));
  return {
    applicationId: application.id,
    answers: () => ({ [repeat]: Array.from({ length: REPEAT_COUNT_MAX }, (_, index) => entry(index)) }),
  };
}

describe("POST /api/sync within a per-batch evaluation budget", () => {
  let server: TestServer;
  let collector: HttpClient;
  let form: Awaited<ReturnType<typeof createSlowForm>>;
  const db = () => server.context.database.db;

  const send = async (records: unknown[]) => {
    const response = await collector.post("/api/sync", { records });
    expect(response.status).toBe(200);
    const body: SyncBatchResult = syncBatchResultSchema.parse(await response.json());
    return { body, retryAfter: response.headers.get("retry-after") };
  };

  beforeAll(async () => {
    // 1 ms: less than one record of the slow form takes, so every request evaluates exactly one of them.
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SYNC_BATCH_EVALUATION_MS: "1" } });
    collector = server.client();
    const { id } = await signUpAs(collector, "pesada@campo.test");
    await db().insert(userLimits).values({ userId: id, maxSubmissions: 1000 });
    form = await createSlowForm(db(), id);
  });
  afterAll(() => server.stop());

  it("defers what the budget leaves, keeps the server answering, and stores each deferred record once on resends", async () => {
    const batch = Array.from({ length: 4 }, () =>
      record({ applicationId: form.applicationId, answers: form.answers() }),
    );
    const [first, ...rest] = batch;
    assert(first);

    const [answer, health] = await Promise.all([send(batch), server.client().get("/api/health")]);
    expect(health.status).toBe(200);
    // Neither stored nor refused: the deferred records have no result, only their ids and when to come back.
    expect(answer.body).toEqual({
      results: [{ id: first.id, status: "created" }],
      deferred: rest.map((item) => item.id),
      retryAfterSeconds: DEFERRED_RETRY_AFTER_SECONDS,
    });
    expect(answer.retryAfter).toBe(String(DEFERRED_RETRY_AFTER_SECONDS));
    expect((await server.client().get("/api/health")).status).toBe(200);

    // The device sends the whole batch again: the stored one is a duplicate, the next one goes in.
    const again = await send(batch);
    expect(again.body.results).toEqual([
      { id: first.id, status: "duplicate" },
      { id: rest[0]?.id, status: "created" },
    ]);
    let waiting = again.body.deferred ?? [];
    for (let round = 0; waiting.length > 0 && round < batch.length; round++) {
      const resend = await send(batch.filter((item) => waiting.includes(item.id)));
      expect(resend.body.results.map((result) => result.status)).toEqual(["created"]);
      waiting = resend.body.deferred ?? [];
    }
    expect(waiting).toEqual([]);

    const stored = await db()
      .select({ id: formSubmissions.id, copies: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(eq(formSubmissions.applicationId, form.applicationId))
      .groupBy(formSubmissions.id);
    expect(stored.map((row) => row.id).sort()).toEqual(batch.map((item) => item.id).sort());
    expect(stored.every((row) => row.copies === 1)).toBe(true);
  });

  it("answers records it needs no evaluation for even once the budget is spent", async () => {
    const slow = [0, 1].map(() => record({ applicationId: form.applicationId, answers: form.answers() }));
    const unknown = record({ applicationId: "00000000-0000-4000-8000-000000000000", answers: {} });
    const { body } = await send([...slow, unknown]);
    expect(body.results).toEqual([
      { id: slow[0]?.id, status: "created" },
      { id: unknown.id, status: "rejected", reason: "application_not_found" },
    ]);
    expect(body.deferred).toEqual([slow[1]?.id]);
  });
});
