import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formFields } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  choiceField,
  createApplicationVia,
  insertSubmission,
  signUpAs,
  submissionAnswers,
  subscribe,
  tableCounts,
  textField,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
  resend,
} from "../../test-support/fixtures/application-fixtures.ts";

describe("editing an application", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    ownerId = (await signUpAs(owner, "editor@campo.test")).id;
    await subscribe(server.context.database.db, ownerId, "premium");
  });
  afterAll(() => server.stop());
  const db = () => server.context.database.db;

  async function put(id: string, body: unknown) {
    return owner.put(`/api/applications/${id}`, body);
  }

  it("updates fields in place, inserts new ones, soft-deletes missing ones and keeps their answers readable", async () => {
    const created = await createApplicationVia(
      owner,
      applicationForm("Edição", [textField("Nome"), textField("Idade"), choiceField("Cor", ["Azul", "Verde"])]),
    );
    const id = created.application.id;
    const [name, age, color] = created.fields;
    assert(name);
    assert(age);
    assert(color);
    const submissionId = await insertSubmission(db(), {
      applicationId: id,
      ownerId,
      submitterId: ownerId,
      answers: { [name.id]: "Ana", [age.id]: "30" },
    });

    const response = await put(id, {
      ...applicationForm("Edição 2", [
        resend(color, { position: 7 }),
        { id: "field-new", fieldType: "number", label: "Peso", position: 3, config: { minValue: 0 } },
        resend(age, { label: "Idade (anos)" }),
      ]),
      description: "Nova descrição",
      active: false,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ApplicationResponse;
    expect(body.application).toMatchObject({ name: "Edição 2", description: "Nova descrição", active: false });
    expect(body.fields.map((field) => [field.label, field.position])).toEqual([
      ["Cor", 0],
      ["Peso", 1],
      ["Idade (anos)", 2],
    ]);
    expect(body.fields[0]?.id).toBe(color.id);
    expect(body.fields[2]?.id).toBe(age.id);
    expect(body.fields[1]?.id).toMatch(/^[0-9a-f-]{36}$/);

    // The removed field is gone from the form but its row and its answer stay.
    const read = (await (await owner.get(`/api/applications/${id}`)).json()) as ApplicationResponse;
    expect(read.fields.map((field) => field.id)).not.toContain(name.id);
    const [removedRow] = await db().select().from(formFields).where(eq(formFields.id, name.id));
    assert(removedRow);
    expect(removedRow.deletedAt).toBeInstanceOf(Date);
    expect(await submissionAnswers(db(), submissionId)).toEqual({ [name.id]: "Ana", [age.id]: "30" });

    // A removed field cannot be revived by sending its id again, nor can an id of another form be adopted.
    const other = await createApplicationVia(owner, applicationForm("Outra", [textField("X")]));
    assert(other.fields[0]);
    for (const foreign of [name, other.fields[0]]) {
      const refused = await put(
        id,
        applicationForm("Edição 2", [...read.fields.map((field) => resend(field)), resend(foreign)]),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { code: "VALIDATION_FAILED", details: [{ path: "fields.3.id", message: "invalidFieldId" }] },
      });
    }
  });

  it("locks the type of a field that has answers and lets an unanswered one change", async () => {
    const created = await createApplicationVia(
      owner,
      applicationForm("Tipos", [textField("Respondido"), textField("Livre")]),
    );
    const id = created.application.id;
    const [answered, free] = created.fields;
    assert(answered);
    assert(free);
    await insertSubmission(db(), {
      applicationId: id,
      ownerId,
      submitterId: ownerId,
      answers: { [answered.id]: "sim" },
    });
    const before = await tableCounts(db());

    const locked = await put(
      id,
      applicationForm("Tipos renomeado", [
        resend(answered, { fieldType: "number", config: {} }),
        resend(free, { label: "Mudado" }),
        textField("Nova"),
      ]),
    );
    expect(locked.status).toBe(409);
    expect(await locked.json()).toMatchObject({
      error: { code: "FIELD_TYPE_LOCKED", details: { fieldIds: [answered.id] } },
    });
    // Nothing of the refused edit was applied.
    expect(await tableCounts(db())).toEqual(before);
    const unchanged = (await (await owner.get(`/api/applications/${id}`)).json()) as ApplicationResponse;
    expect(unchanged.application.name).toBe("Tipos");
    expect(unchanged.fields.map((field) => [field.label, field.fieldType])).toEqual([
      ["Respondido", "text"],
      ["Livre", "text"],
    ]);

    const changed = await put(
      id,
      applicationForm("Tipos", [
        resend(answered),
        resend(free, { fieldType: "single_choice", config: { options: ["A", "B"] } }),
      ]),
    );
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as ApplicationResponse;
    expect(body.fields[1]).toMatchObject({
      id: free.id,
      fieldType: "single_choice",
      category: "choice",
      config: { options: ["A", "B"], required: false },
    });
  });

  it("removes every field when the list is empty and still shows the answers", async () => {
    const created = await createApplicationVia(owner, applicationForm("Vazio", [textField("Único")]));
    assert(created.fields[0]);
    const submissionId = await insertSubmission(db(), {
      applicationId: created.application.id,
      ownerId,
      submitterId: ownerId,
      answers: { [created.fields[0].id]: "x" },
    });
    const response = await put(created.application.id, applicationForm("Vazio", []));
    expect(response.status).toBe(200);
    expect(((await response.json()) as ApplicationResponse).fields).toEqual([]);
    expect(await submissionAnswers(db(), submissionId)).toEqual({ [created.fields[0].id]: "x" });
  });
});
