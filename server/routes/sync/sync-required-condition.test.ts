import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { userLimits } from "../../db/schema/index.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  TRUST_PROXY_ENV,
  type FieldDto,
} from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";

/** A conditional required, saved through the designer's API and applied by sync. */
const FIELDS = [
  { fieldType: "number", label: "Idade", name: "idade", position: 0, config: { format: "integer" } },
  {
    fieldType: "text",
    label: "Documento",
    name: "documento",
    position: 1,
    // Typed on a phone with smart punctuation: the quotes are typographic.
    config: { required: true, requiredWhen: "${idade} >= 18 or ${apelido} = ‘chefe’" },
  },
  { fieldType: "text", label: "Apelido", name: "apelido", position: 2, config: {} },
];

describe("POST /api/sync with a required answer under a condition", () => {
  let server: TestServer;
  let owner: HttpClient;
  let applicationId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const { id: ownerId } = await signUpAs(owner, "obrigatorio@campo.test");
    await server.context.database.db.insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    const created = await createApplicationVia(owner, applicationForm("Cadastro", FIELDS));
    applicationId = created.application.id;
    for (const field of created.fields) ids[field.name] = field.id;
  });
  afterAll(() => server.stop());

  it("stores the condition with the form and hands it to the phone", async () => {
    const response = await owner.get(`/api/applications/${applicationId}`);
    const body = (await response.json()) as { fields: FieldDto[] };
    expect(body.fields.find((field) => field.name === "documento")?.config).toMatchObject({
      required: true,
      requiredWhen: "${idade} >= 18 or ${apelido} = ‘chefe’",
    });
  });

  it("refuses the missing answer only while the condition holds", async () => {
    const { idade, documento, apelido } = ids;
    assert(idade && documento && apelido);
    const adultWithout = record({ applicationId, answers: { [idade]: 30 } });
    const minorWithout = record({ applicationId, answers: { [idade]: 12 } });
    const chiefWithout = record({ applicationId, answers: { [idade]: 12, [apelido]: "chefe" } });
    const adultWith = record({ applicationId, answers: { [idade]: 30, [documento]: "RG 1" } });
    const { results } = await sync(owner, [adultWithout, minorWithout, chiefWithout, adultWith]);
    expect(results).toEqual([
      {
        id: adultWithout.id,
        status: "rejected",
        reason: "invalid_answers",
        errors: { [documento]: { key: "required" } },
      },
      { id: minorWithout.id, status: "created" },
      {
        id: chiefWithout.id,
        status: "rejected",
        reason: "invalid_answers",
        errors: { [documento]: { key: "required" } },
      },
      { id: adultWith.id, status: "created" },
    ]);
  });

  it("refuses a condition naming a field the form lacks", async () => {
    const broken = applicationForm("Quebrado", [
      { fieldType: "text", label: "A", name: "a", position: 0, config: { required: true, requiredWhen: "${b} = 1" } },
    ]);
    const response = await owner.post("/api/applications", broken);
    expect(response.status).toBe(400);
  });
});
