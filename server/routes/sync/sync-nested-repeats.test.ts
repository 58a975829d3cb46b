import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { RECORD_ENTRIES_MAX } from "../../../shared/forms/index.ts";
import { applications, formFields, formSubmissions, userLimits } from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

/** Household → members (repeat in a section) → visits (repeat in each member), with logic at every level. */
async function createHouseholdForm(db: Db, ownerId: string) {
  const [application] = await db.insert(applications).values({ ownerId, name: "Domicílios" }).returning();
  assert(application);
  const definitions: Omit<typeof formFields.$inferInsert, "applicationId" | "position">[] = [
    { fieldType: "text", label: "Domicílio", name: "domicilio", config: { required: true } },
    { fieldType: "section", label: "Moradores", name: "bloco" },
    { fieldType: "repeat", label: "Morador", name: "moradores", parentName: "bloco", config: { minCount: 1 } },
    { fieldType: "text", label: "Nome", name: "nome", parentName: "moradores", config: { required: true } },
    { fieldType: "repeat", label: "Visita", name: "visitas", parentName: "moradores" },
    {
      fieldType: "number",
      label: "Gasto",
      name: "gasto",
      parentName: "visitas",
      config: { constraint: ". <= 100", constraintMessage: "No máximo 100" },
    },
    {
      fieldType: "calculation",
      label: "Rótulo",
      name: "rotulo",
      parentName: "visitas",
      config: { calculation: "concat(${nome}, ' ', position(..))" },
    },
    { fieldType: "calculation", label: "Total", name: "total", config: { calculation: "sum(${gasto})" } },
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
    domicilio: id("domicilio"),
    moradores: id("moradores"),
    nome: id("nome"),
    visitas: id("visitas"),
    gasto: id("gasto"),
    rotulo: id("rotulo"),
    total: id("total"),
  };
}

describe("POST /api/sync validates nested repeats", () => {
  let server: TestServer;
  let owner: HttpClient;
  let form: Awaited<ReturnType<typeof createHouseholdForm>>;
  const db = () => server.context.database.db;
  const stored = async (id: string) => {
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, id));
    return row;
  };
  const member = (nome: string, ...gastos: unknown[]) => ({
    [form.nome]: nome,
    [form.visitas]: gastos.map((gasto) => ({ [form.gasto]: gasto })),
  });

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const { id: ownerId } = await signUpAs(owner, "domicilios@campo.test");
    await db().insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    form = await createHouseholdForm(db(), ownerId);
  });
  afterAll(() => server.stop());

  it("rejects a bad answer two levels down with its path and stores the neighbours", async () => {
    const bad = record({
      applicationId: form.applicationId,
      answers: { [form.domicilio]: "Casa 1", [form.moradores]: [member("Ana", 10), member("Bia", 20, 150)] },
    });
    const good = record({
      applicationId: form.applicationId,
      answers: { [form.domicilio]: "Casa 2", [form.moradores]: [member("Caio", 30, 5), member("Davi")] },
    });
    const { results } = await sync(owner, [bad, good]);
    expect(results[0]).toEqual({
      id: bad.id,
      status: "rejected",
      reason: "invalid_answers",
      errors: {
        [`${form.moradores}.1.${form.visitas}.1.${form.gasto}`]: {
          key: "customMessage",
          params: { message: "No máximo 100" },
        },
      },
    });
    expect(results[1]).toEqual({ id: good.id, status: "created" });
    expect(await stored(bad.id)).toBeUndefined();
    expect((await stored(good.id))?.answers).toEqual({
      [form.domicilio]: "Casa 2",
      [form.moradores]: [
        {
          [form.nome]: "Caio",
          [form.visitas]: [
            { [form.gasto]: 30, [form.rotulo]: "Caio 1" },
            { [form.gasto]: 5, [form.rotulo]: "Caio 2" },
          ],
        },
        { [form.nome]: "Davi", [form.visitas]: [] },
      ],
      [form.total]: 35,
    });
  });

  it("refuses unknown answers inside an inner entry and a record past the entry cap, alone", async () => {
    const intruder = record({
      applicationId: form.applicationId,
      answers: {
        [form.domicilio]: "Casa 3",
        [form.moradores]: [{ ...member("Eva", 1), [form.visitas]: [{ [form.gasto]: 1, [form.nome]: "x" }] }],
      },
    });
    const visits = Array.from({ length: 450 }, () => 1);
    const huge = record({
      applicationId: form.applicationId,
      answers: {
        [form.domicilio]: "Casa 4",
        [form.moradores]: Array.from({ length: 5 }, (_, index) => member(`M${index}`, ...visits)),
      },
    });
    const fine = record({
      applicationId: form.applicationId,
      answers: { [form.domicilio]: "Casa 5", [form.moradores]: [member("Fê", 2)] },
    });
    const { results } = await sync(owner, [intruder, huge, fine]);
    expect(results[0]?.errors).toEqual({
      [`${form.moradores}.0.${form.visitas}.0.${form.nome}`]: { key: "unknownField" },
    });
    expect(results[1]?.errors).toEqual({
      [`${form.moradores}.4.${form.visitas}`]: { key: "tooManyEntries", params: { max: RECORD_ENTRIES_MAX } },
    });
    expect(results[2]).toEqual({ id: fine.id, status: "created" });
  });
});
