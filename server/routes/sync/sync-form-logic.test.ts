import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { applications, formFields, formSubmissions, userLimits } from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { applicationForm, signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

/** A form whose logic the server must apply: skip logic, a constraint, calculations and a repeat. */
async function createLogicForm(db: Db, ownerId: string) {
  const [application] = await db.insert(applications).values({ ownerId, name: "Inventário" }).returning();
  assert(application);
  const definitions: Omit<typeof formFields.$inferInsert, "applicationId" | "position">[] = [
    { fieldType: "number", label: "Idade", name: "idade", config: { format: "integer" } },
    {
      fieldType: "text",
      label: "Responsável",
      name: "responsavel",
      config: { required: true, relevant: "${idade} < 18" },
    },
    {
      fieldType: "text",
      label: "Código",
      name: "codigo",
      config: { constraint: "regex(., '^[A-Z]{3}$')", constraintMessage: "Use três letras maiúsculas" },
    },
    { fieldType: "calculation", label: "Dobro", name: "dobro", config: { calculation: "${idade} * 2" } },
    { fieldType: "calculation", label: "Dia", name: "dia", config: { calculation: "today()" } },
    { fieldType: "repeat", label: "Árvores", name: "arvores", config: { minCount: 1, maxCount: 2 } },
    { fieldType: "number", label: "Altura", name: "altura", parentName: "arvores", config: { required: true } },
    { fieldType: "calculation", label: "Total", name: "total", config: { calculation: "sum(${altura})" } },
    { fieldType: "single_choice", label: "Estado", name: "estado", config: { options: ["SP", "RJ", "PI"] } },
    {
      fieldType: "single_choice",
      label: "Cidade",
      name: "cidade",
      config: {
        options: ["Santos", "Niterói", "Bom Jesus"],
        // A city name of two states: one option, offered under either (shared/fields/option-property-sets.ts).
        optionProperties: { Santos: { uf: "SP" }, Niterói: { uf: "RJ" }, "Bom Jesus": [{ uf: "RJ" }, { uf: "PI" }] },
        choiceFilter: "uf = ${estado}",
      },
    },
  ];
  const rows = await db
    .insert(formFields)
    .values(definitions.map((field, position) => ({ ...field, applicationId: application.id, position })))
    .returning();
  const id = (name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    assert(row, name);
    return row.id;
  };
  return {
    applicationId: application.id,
    idade: id("idade"),
    responsavel: id("responsavel"),
    codigo: id("codigo"),
    dobro: id("dobro"),
    dia: id("dia"),
    arvores: id("arvores"),
    altura: id("altura"),
    total: id("total"),
    estado: id("estado"),
    cidade: id("cidade"),
  };
}

describe("POST /api/sync applies the form's logic", () => {
  let server: TestServer;
  let owner: HttpClient;
  let form: Awaited<ReturnType<typeof createLogicForm>>;
  const db = () => server.context.database.db;
  const stored = async (id: string) => {
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, id));
    return row;
  };
  const adult = () => ({
    [form.idade]: 30,
    [form.arvores]: [{ [form.altura]: 2.5 }],
  });

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const { id: ownerId } = await signUpAs(owner, "logica@campo.test");
    await db().insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    form = await createLogicForm(db(), ownerId);
  });
  afterAll(() => server.stop());

  it("drops hidden answers and stores recomputed calculations; a resend is still a duplicate", async () => {
    const tampered = record({
      applicationId: form.applicationId,
      answers: { ...adult(), [form.responsavel]: "escondido", [form.dobro]: 999 },
      clientCreatedAt: "2026-05-01T23:30:00-03:00",
    });
    expect((await sync(owner, [tampered])).results[0]).toEqual({ id: tampered.id, status: "created" });
    const row = await stored(tampered.id);
    assert(row);
    expect(row.answers).toEqual({
      [form.idade]: 30,
      [form.dobro]: 60,
      // today() is the collector's day (UTC-3), not the server's (already 2026-05-02 in UTC).
      [form.dia]: "2026-05-01",
      [form.arvores]: [{ [form.altura]: 2.5 }],
      [form.total]: 2.5,
    });
    expect((await sync(owner, [tampered])).results[0]).toEqual({ id: tampered.id, status: "duplicate" });
  });

  it("requires a shown field only when its condition holds", async () => {
    const minor = record({ applicationId: form.applicationId, answers: { ...adult(), [form.idade]: 12 } });
    const answered = record({
      applicationId: form.applicationId,
      answers: { ...adult(), [form.idade]: 12, [form.responsavel]: "Mãe" },
    });
    const { results } = await sync(owner, [minor, answered]);
    expect(results[0]).toEqual({
      id: minor.id,
      status: "rejected",
      reason: "invalid_answers",
      errors: { [form.responsavel]: { key: "required" } },
    });
    expect(results[1]).toEqual({ id: answered.id, status: "created" });
    expect((await stored(answered.id))?.answers[form.responsavel]).toBe("Mãe");
    expect(await stored(minor.id)).toBeUndefined();
  });

  it("refuses a broken constraint with its message and still stores the neighbours", async () => {
    const bad = record({ applicationId: form.applicationId, answers: { ...adult(), [form.codigo]: "ab1" } });
    const good = record({ applicationId: form.applicationId, answers: { ...adult(), [form.codigo]: "ABC" } });
    const { results } = await sync(owner, [bad, good]);
    expect(results[0]).toEqual({
      id: bad.id,
      status: "rejected",
      reason: "invalid_answers",
      errors: { [form.codigo]: { key: "customMessage", params: { message: "Use três letras maiúsculas" } } },
    });
    expect(results[1]).toEqual({ id: good.id, status: "created" });
    expect(await stored(bad.id)).toBeUndefined();
  });

  it("checks repeat entries child by child and their count against min and max", async () => {
    const none = record({ applicationId: form.applicationId, answers: { [form.idade]: 30, [form.arvores]: [] } });
    const tooMany = record({
      applicationId: form.applicationId,
      answers: { [form.idade]: 30, [form.arvores]: [{ [form.altura]: 1 }, { [form.altura]: 2 }, { [form.altura]: 3 }] },
    });
    const missingChild = record({
      applicationId: form.applicationId,
      answers: { [form.idade]: 30, [form.arvores]: [{ [form.altura]: 1 }, { [randomUUID()]: 4 }] },
    });
    const childAtTop = record({ applicationId: form.applicationId, answers: { ...adult(), [form.altura]: 3 } });
    const two = record({
      applicationId: form.applicationId,
      answers: { [form.idade]: 30, [form.arvores]: [{ [form.altura]: 1 }, { [form.altura]: 2 }] },
    });
    const { results } = await sync(owner, [none, tooMany, missingChild, childAtTop, two]);
    expect(results[0]?.errors).toEqual({ [form.arvores]: { key: "repeatMinCount", params: { min: 1 } } });
    expect(results[1]?.errors).toEqual({ [form.arvores]: { key: "repeatMaxCount", params: { max: 2 } } });
    expect(results[2]?.errors).toMatchObject({ [`${form.arvores}.1.${form.altura}`]: { key: "required" } });
    expect(Object.keys(results[2]?.errors ?? {})).toHaveLength(2);
    expect(results[3]?.errors).toEqual({ [form.altura]: { key: "unknownField" } });
    expect(results[4]).toEqual({ id: two.id, status: "created" });
    expect((await stored(two.id))?.answers[form.total]).toBe(3);
  });

  it("refuses a city its state's filter does not offer, on sync and on edit", async () => {
    const offered = record({
      applicationId: form.applicationId,
      answers: { ...adult(), [form.estado]: "SP", [form.cidade]: "Santos" },
    });
    const elsewhere = record({
      applicationId: form.applicationId,
      answers: { ...adult(), [form.estado]: "SP", [form.cidade]: "Niterói" },
    });
    const { results } = await sync(owner, [offered, elsewhere]);
    expect(results[0]).toEqual({ id: offered.id, status: "created" });
    expect(results[1]).toEqual({
      id: elsewhere.id,
      status: "rejected",
      reason: "invalid_answers",
      errors: { [form.cidade]: { key: "optionNotOffered" } },
    });
    const path = `/api/applications/${form.applicationId}/submissions/${offered.id}`;
    const refused = await owner.put(path, { answers: { ...adult(), [form.estado]: "RJ", [form.cidade]: "Santos" } });
    expect(refused.status).toBe(400);
    expect((await stored(offered.id))?.answers).toMatchObject({ [form.estado]: "SP", [form.cidade]: "Santos" });
  });

  it("takes an option of two parents under either, and refuses it under a third", async () => {
    const [rio, piaui, saoPaulo] = ["RJ", "PI", "SP"].map((state) =>
      record({
        applicationId: form.applicationId,
        answers: { ...adult(), [form.estado]: state, [form.cidade]: "Bom Jesus" },
      }),
    );
    assert(rio && piaui && saoPaulo);
    const { results } = await sync(owner, [rio, piaui, saoPaulo]);
    expect(results.map((result) => result.status)).toEqual(["created", "created", "rejected"]);
    expect(results[2]).toMatchObject({ errors: { [form.cidade]: { key: "optionNotOffered" } } });
  });

  it("applies the same rules to a record edit", async () => {
    const original = record({ applicationId: form.applicationId, answers: adult() });
    expect((await sync(owner, [original])).results[0]?.status).toBe("created");
    const path = `/api/applications/${form.applicationId}/submissions/${original.id}`;
    const refused = await owner.put(path, { answers: { ...adult(), [form.codigo]: "x" } });
    expect(refused.status).toBe(400);
    const edited = await owner.put(path, {
      answers: { ...adult(), [form.idade]: 40, [form.responsavel]: "escondido", [form.dobro]: 1 },
    });
    expect(edited.status).toBe(200);
    const row = await stored(original.id);
    expect(row?.answers).toMatchObject({ [form.idade]: 40, [form.dobro]: 80 });
    expect(row?.answers).not.toHaveProperty(form.responsavel);
    expect((await sync(owner, [original])).results[0]?.status).toBe("duplicate");
  });

  it("refuses to save a designed form whose expressions have issues, and saves nothing", async () => {
    const fields = [
      { fieldType: "text", label: "Nome", name: "nome", position: 0, config: { relevant: "${nada} = 1" } },
      { fieldType: "calculation", label: "A", name: "a", position: 1, config: { calculation: "${a} + 1" } },
    ];
    const response = await owner.post("/api/applications", applicationForm("Com erro", fields));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map(({ path, message }) => [path, message])).toEqual([
      ["fields.0.config.relevant", "invalidExpression"],
      ["fields.1.config.calculation", "invalidExpression"],
    ]);
    const [named] = await db().select().from(applications).where(eq(applications.name, "Com erro"));
    expect(named).toBeUndefined();
  });
});
