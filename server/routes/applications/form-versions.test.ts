import { randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formSubmissions, formVersions, submissionVersions } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { FormVersionsResponse } from "../../../shared/applications/form-version-dtos.ts";
import type { RecordHistoryDto } from "../../../shared/records/record-review.ts";
import type { SyncBatchResult } from "../../../shared/submissions/sync-schemas.ts";
import {
  applicationForm,
  choiceField,
  createApplicationVia,
  insertSubmission,
  signUpAs,
  subscribe,
  textField,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
  resend,
} from "../../test-support/fixtures/application-fixtures.ts";

type DetailResponse = ApplicationResponse & { application: { formVersion: number } };

describe("form versions", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    ownerId = (await signUpAs(owner, "versoes@campo.test")).id;
    await subscribe(server.context.database.db, ownerId, "premium");
  });
  afterAll(() => server.stop());
  const db = () => server.context.database.db;

  async function save(id: string, name: string, fields: unknown[]): Promise<DetailResponse> {
    const response = await owner.put(`/api/applications/${id}`, applicationForm(name, fields));
    expect(response.status).toBe(200);
    return (await response.json()) as DetailResponse;
  }

  async function versions(id: string): Promise<FormVersionsResponse["versions"]> {
    const response = await owner.get(`/api/applications/${id}/versions`);
    expect(response.status).toBe(200);
    return ((await response.json()) as FormVersionsResponse).versions;
  }

  async function sync(record: Record<string, unknown>) {
    const response = await owner.post("/api/sync", {
      records: [{ id: randomUUID(), clientCreatedAt: new Date().toISOString(), ...record }],
    });
    expect(response.status).toBe(200);
    const [result] = ((await response.json()) as SyncBatchResult).results;
    assert(result);
    return result;
  }

  /** A form with a choice field and one record, then saved without the option 'Verde': version 2. */
  async function formWithRemovedOption(name: string) {
    const created = await createApplicationVia(owner, applicationForm(name, [choiceField("Cor", ["Azul", "Verde"])]));
    const id = created.application.id;
    const [color] = created.fields;
    assert(color);
    await insertSubmission(db(), { applicationId: id, ownerId, submitterId: ownerId, answers: { [color.id]: "Azul" } });
    const saved = await save(id, name, [resend(color, { config: { ...color.config, options: ["Azul", "Amarelo"] } })]);
    expect(saved.application.formVersion).toBe(2);
    return { id, color };
  }

  it("keeps the version while a form without records is designed, and lists that one version", async () => {
    const created = await createApplicationVia(owner, applicationForm("Rascunho", [textField("Nome")]));
    const id = created.application.id;
    const [name] = created.fields;
    assert(name);
    const saved = await save(id, "Rascunho", [resend(name), textField("Idade")]);
    expect(saved.application.formVersion).toBe(1);
    expect(await db().select().from(formVersions).where(eq(formVersions.applicationId, id))).toEqual([]);
    expect(await versions(id)).toEqual([
      { version: 1, createdAt: expect.any(String), createdByName: expect.any(String), fieldCount: 2, current: true },
    ]);
  });

  it("makes a new version when a form with records changes its fields, not when only its name changes", async () => {
    const { id, color } = await formWithRemovedOption("Versionado");
    const detail = (await (await owner.get(`/api/applications/${id}`)).json()) as DetailResponse;
    expect(detail.application.formVersion).toBe(2);

    const renamed = await save(
      id,
      "Versionado (novo nome)",
      detail.fields.map((field) => resend(field)),
    );
    expect(renamed.application.formVersion).toBe(2);

    const snapshots = await db().select().from(formVersions).where(eq(formVersions.applicationId, id));
    const byVersion = new Map(snapshots.map((row) => [row.version, row.fields]));
    expect(byVersion.get(1)).toEqual([
      expect.objectContaining({ id: color.id, config: expect.objectContaining({ options: ["Azul", "Verde"] }) }),
    ]);
    expect(byVersion.get(2)).toEqual([
      expect.objectContaining({ id: color.id, config: expect.objectContaining({ options: ["Azul", "Amarelo"] }) }),
    ]);

    const listed = await versions(id);
    expect(listed.map(({ version, fieldCount, current }) => ({ version, fieldCount, current }))).toEqual([
      { version: 2, fieldCount: 1, current: true },
      { version: 1, fieldCount: 1, current: false },
    ]);
    expect(listed[0]?.createdByName).toBeTruthy();
  });

  it("checks each record against the version it was collected with", async () => {
    const { id, color } = await formWithRemovedOption("Opções");

    // Collected with version 1, whose options still hold 'Verde'.
    const old = await sync({ applicationId: id, formVersion: 1, answers: { [color.id]: "Verde" } });
    expect(old).toMatchObject({ status: "created" });
    const [stored] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, old.id));
    expect(stored).toMatchObject({ formVersion: 1, answers: { [color.id]: "Verde" } });

    // The current version, or an app that names no version, no longer offers it.
    for (const formVersion of [2, undefined]) {
      const current = await sync({ applicationId: id, formVersion, answers: { [color.id]: "Verde" } });
      expect(current).toMatchObject({ status: "rejected", reason: "invalid_answers", errors: { [color.id]: {} } });
    }
    const fresh = await sync({ applicationId: id, answers: { [color.id]: "Amarelo" } });
    expect(fresh).toMatchObject({ status: "created" });
    const [current] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, fresh.id));
    expect(current?.formVersion).toBe(2);

    // Version 1 had no 'Amarelo'.
    expect(await sync({ applicationId: id, formVersion: 1, answers: { [color.id]: "Amarelo" } })).toMatchObject({
      status: "rejected",
      reason: "invalid_answers",
    });
  });

  it("refuses a record of a version the form never had", async () => {
    const { id, color } = await formWithRemovedOption("Futuro");
    const before = await db().select().from(formSubmissions).where(eq(formSubmissions.applicationId, id));
    const result = await sync({ applicationId: id, formVersion: 99, answers: { [color.id]: "Azul" } });
    expect(result).toMatchObject({ status: "rejected", reason: "unknown_form_version" });
    expect(await db().select().from(formSubmissions).where(eq(formSubmissions.applicationId, id))).toHaveLength(
      before.length,
    );
    const malformed = await sync({ applicationId: id, formVersion: 0, answers: { [color.id]: "Azul" } });
    expect(malformed).toMatchObject({ status: "rejected", reason: "invalid_record" });
  });

  it("moves an edited record to the current version and keeps its previous version in the history", async () => {
    const { id, color } = await formWithRemovedOption("Edição");
    const created = await sync({ applicationId: id, formVersion: 1, answers: { [color.id]: "Verde" } });
    const edit = await owner.put(`/api/applications/${id}/submissions/${created.id}`, {
      answers: { [color.id]: "Amarelo" },
    });
    expect(edit.status).toBe(200);
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, created.id));
    expect(row?.formVersion).toBe(2);
    const [previous] = await db()
      .select()
      .from(submissionVersions)
      .where(eq(submissionVersions.submissionId, created.id));
    expect(previous).toMatchObject({ formVersion: 1, answers: { [color.id]: "Verde" } });
  });

  it("restores a version with the form version it was collected with, old option included", async () => {
    const { id, color } = await formWithRemovedOption("Restauração");
    const created = await sync({ applicationId: id, formVersion: 1, answers: { [color.id]: "Verde" } });
    const path = `/api/applications/${id}/submissions/${created.id}`;
    expect((await owner.put(path, { answers: { [color.id]: "Amarelo" } })).status).toBe(200);
    const [copy] = await db().select().from(submissionVersions).where(eq(submissionVersions.submissionId, created.id));
    assert(copy);
    const restored = await owner.post(`${path}/history/${copy.id}/restore`);
    expect(restored.status).toBe(200);
    const { versions: states } = (await restored.json()) as RecordHistoryDto;
    expect(states.map((state) => state.formVersion)).toEqual([1, 2, 1]);
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, created.id));
    expect(row).toMatchObject({ formVersion: 1, answers: { [color.id]: "Verde" } });
    const csv = await (await owner.get(`/api/applications/${id}/export.csv`)).text();
    expect(csv).toContain("Verde");
  });

  it("refuses to change the type of an answered field and says which field, from what, to what", async () => {
    const created = await createApplicationVia(owner, applicationForm("Tipo", [textField("Espécie")]));
    const id = created.application.id;
    const [species] = created.fields;
    assert(species);
    await insertSubmission(db(), {
      applicationId: id,
      ownerId,
      submitterId: ownerId,
      answers: { [species.id]: "Ipê" },
    });
    const response = await owner.put(
      `/api/applications/${id}`,
      applicationForm("Tipo", [resend(species, { fieldType: "number", config: {} })]),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: {
        code: "FIELD_TYPE_LOCKED",
        details: {
          fieldIds: [species.id],
          fields: [
            {
              id: species.id,
              label: "Espécie",
              path: "fields.0.fieldType",
              storedType: "text",
              requestedType: "number",
            },
          ],
        },
      },
    });
    const detail = (await (await owner.get(`/api/applications/${id}`)).json()) as DetailResponse;
    expect(detail.application.formVersion).toBe(1);
  });

  it("counts an answer inside a repeat entry as an answer of the repeated field", async () => {
    const created = await createApplicationVia(
      owner,
      applicationForm("Árvores", [
        { fieldType: "repeat", label: "Árvore", name: "arvore", position: 0, config: {} },
        { fieldType: "text", label: "Altura", name: "altura", parentName: "arvore", position: 1, config: {} },
      ]),
    );
    const id = created.application.id;
    const [tree, height] = created.fields;
    assert(tree && height);
    await insertSubmission(db(), {
      applicationId: id,
      ownerId,
      submitterId: ownerId,
      answers: { [tree.id]: [{ [height.id]: "12" }] },
    });
    const response = await owner.put(
      `/api/applications/${id}`,
      applicationForm("Árvores", [resend(tree), resend(height, { fieldType: "number", config: {} })]),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: { code: "FIELD_TYPE_LOCKED", details: { fieldIds: [height.id] } },
    });
  });
});
