import { eq } from "drizzle-orm";
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { applications, formFields, formSubmissions, userLimits } from "../../db/schema/index.ts";
import { createTestApiToken } from "../../test-support/fixtures/api-token-fixtures.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

type FieldDefinition = Omit<typeof formFields.$inferInsert, "applicationId" | "position">;

/** An application with these fields, written straight to the database; field ids by name. */
async function createApplication(db: Db, ownerId: string, name: string, definitions: FieldDefinition[]) {
  const [application] = await db.insert(applications).values({ ownerId, name }).returning();
  assert(application);
  const rows = await db
    .insert(formFields)
    .values(definitions.map((field, position) => ({ ...field, applicationId: application.id, position })))
    .returning();
  return { applicationId: application.id, id: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}

/** `c1 = concat(${c0}, ${c0})`, `c2 = concat(${c1}, ${c1})`…: each step doubles the answer typed in c0. */
function doublingChain(steps: number): FieldDefinition[] {
  return [
    { fieldType: "text", label: "Texto", name: "c0", config: {} },
    ...Array.from({ length: steps }, (_, index) => ({
      fieldType: "calculation" as const,
      label: `Dobro ${index + 1}`,
      name: `c${index + 1}`,
      config: { calculation: `concat(\${c${index}}, \${c${index}})` },
    })),
  ];
}

describe("what calculations compute is bounded and clean", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  const db = () => server.context.database.db;
  const stored = async (id: string) => {
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, id));
    return row;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    ownerId = (await signUpAs(owner, "calculos@campo.test")).id;
    await db().insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
  });
  afterAll(() => server.stop());

  it("rejects a record whose calculations double past the record cap, and stores its batch neighbour", async () => {
    // Twenty doublings of 1 KB would be 1 GB: the batch used to fail whole with a 500.
    const chain = await createApplication(db(), ownerId, "Dobras", doublingChain(20));
    const plain = await createApplication(db(), ownerId, "Simples", [
      { fieldType: "text", label: "Nome", name: "nome", config: {} },
    ]);
    const bad = record({ applicationId: chain.applicationId, answers: { [chain.id.c0!]: "x".repeat(1024) } });
    const good = record({ applicationId: plain.applicationId, answers: { [plain.id.nome!]: "Ana" } });
    const { status, results } = await sync(owner, [bad, good]);
    expect(status).toBe(200);
    expect(results).toEqual([
      {
        id: bad.id,
        status: "rejected",
        reason: "invalid_answers",
        formError: { key: "answersTooLarge", params: { maxKb: 256 } },
      },
      { id: good.id, status: "created" },
    ]);
    expect(await stored(bad.id)).toBeUndefined();
    expect((await stored(good.id))?.answers).toEqual({ [plain.id.nome!]: "Ana" });
  });

  it("runs a backtracking-prone pattern in linear time while the server keeps answering", async () => {
    const form = await createApplication(db(), ownerId, "Padrão", [
      { fieldType: "text", label: "Código", name: "codigo", config: { constraint: "regex(., 'a*a*a*a*a*a*b')" } },
    ]);
    // 1,000 characters is the longest text regex() tests; RegExp would backtrack on it for longer than a lifetime.
    const longest = record({ applicationId: form.applicationId, answers: { [form.id.codigo!]: "a".repeat(1000) } });
    const longer = record({ applicationId: form.applicationId, answers: { [form.id.codigo!]: "a".repeat(5000) } });
    const matching = record({ applicationId: form.applicationId, answers: { [form.id.codigo!]: "aaab" } });
    const [synced, health] = await Promise.all([
      sync(owner, [longest, longer, matching]),
      server.client().get("/api/health"),
    ]);
    expect(health.status).toBe(200);
    expect(synced.status).toBe(200);
    expect(synced.results.map((result) => [result.status, result.errors?.[form.id.codigo!]?.key])).toEqual([
      ["rejected", "constraintFailed"],
      ["rejected", "constraintFailed"],
      ["created", undefined],
    ]);
  });

  it("stores, exports and serves computed numbers without floating-point noise", async () => {
    const form = await createApplication(db(), ownerId, "Alturas", [
      { fieldType: "number", label: "Altura (m)", name: "altura_m", config: {} },
      { fieldType: "calculation", label: "Altura (cm)", name: "altura_cm", config: { calculation: "${altura_m}*100" } },
    ]);
    const measured = record({ applicationId: form.applicationId, answers: { [form.id.altura_m!]: 9.2 } });
    expect((await sync(owner, [measured])).results).toEqual([{ id: measured.id, status: "created" }]);
    expect((await stored(measured.id))?.answers[form.id.altura_cm!]).toBe(920);

    const csv = await owner.get(`/api/applications/${form.applicationId}/export.csv`);
    expect(csv.status).toBe(200);
    const rows = parseCsv<Record<string, string>>(Buffer.from(await csv.arrayBuffer()), { bom: true, columns: true });
    expect(rows.map((row) => [row["Altura (m)"], row["Altura (cm)"]])).toEqual([["9.2", "920"]]);

    const { token } = await createTestApiToken(db(), ownerId, [{ applicationId: form.applicationId, access: "read" }]);
    const odata = await fetch(new URL(`/api/odata/applications/${form.applicationId}/Records`, server.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(odata.status).toBe(200);
    const feed = (await odata.json()) as { value: Record<string, unknown>[] };
    // A calculation has no declared type, so OData serves its text.
    expect(feed.value.map((entity) => entity.altura_cm)).toEqual(["920"]);
  });
});
