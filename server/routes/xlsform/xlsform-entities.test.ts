import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { TREE_FOLLOW_UP, TREE_REGISTRATION } from "../../test-support/fixtures/entity-xlsform-fixtures.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";
import { readXlsFormBook } from "../../services/xlsform/xlsform-sheets.ts";
import {
  signUpAs,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
} from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";
import { applicationEntities, entityDetail } from "../../test-support/fixtures/entity-fixtures.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import type { EntityListDto } from "../../../shared/entities/entity-dtos.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type Imported = ApplicationResponse & { importNotes: XlsFormIssue[] };

async function importSheets(client: HttpClient, sheets: Record<string, SheetCells>, name?: string) {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(await buildXlsx(sheets))], "form.xlsx", { type: XLSX }));
  if (name !== undefined) body.set("name", name);
  return client.request("/api/applications/import/xlsform", { method: "POST", body });
}

async function imported(client: HttpClient, sheets: Record<string, SheetCells>, name?: string): Promise<Imported> {
  const response = await importSheets(client, sheets, name);
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as Imported;
}

async function ownerLists(client: HttpClient, applicationId: string): Promise<EntityListDto[]> {
  const response = await client.get(`/api/applications/${applicationId}/entity-lists`);
  return ((await response.json()) as { lists: EntityListDto[] }).lists;
}

function fieldId(application: ApplicationResponse, name: string): string {
  const found = application.fields.find((field) => field.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found.id;
}

describe("XLSForm import and export with entities", () => {
  let server: TestServer;
  let owner: HttpClient;
  let registration: Imported;
  let followUp: Imported;

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    const { id } = await signUpAs(owner, "xlsform-entities@campo.test");
    await server.context.database.db.insert(userLimits).values({ userId: id, maxApplications: 20 });
    registration = await imported(owner, TREE_REGISTRATION);
    followUp = await imported(owner, TREE_FOLLOW_UP);
  });
  afterAll(() => server.stop());

  it("creates the owner's list from the save_to questions and sets the registration form's create action", async () => {
    const { action, list } = await applicationEntities(owner, registration.application.id);
    expect(list).toMatchObject({
      name: "trees",
      properties: [
        { name: "species", type: "text" },
        { name: "circumference_cm", type: "number" },
        { name: "planted", type: "date" },
      ],
    });
    expect(action).toEqual({
      kind: "create",
      listId: list?.id,
      labelField: "entity_label",
      geometryField: "location",
      saves: { species: "species", circumference_cm: "circumference", planted: "planted" },
    });
  });

  it("makes the follow-up's select_one_from_file an entity question updating the same list, with notices", async () => {
    const { action, list } = await applicationEntities(owner, followUp.application.id);
    const registered = await applicationEntities(owner, registration.application.id);
    expect(list?.id).toBe(registered.list?.id);
    expect(action).toEqual({
      kind: "update",
      listId: list?.id,
      entityField: "tree",
      saves: { circumference_cm: "circumference" },
      condition: "${circumference} > 0",
    });
    expect(followUp.fields.find((field) => field.name === "tree")?.fieldType).toBe("entity");
    expect(followUp.importNotes).toEqual([]);
  });

  it("records of the imported forms create a tree and update it", async () => {
    const tree = record({
      applicationId: registration.application.id,
      answers: {
        [fieldId(registration, "location")]: { latitude: -15.79, longitude: -47.88, accuracy: 5 },
        [fieldId(registration, "species")]: "Ipê",
        [fieldId(registration, "circumference")]: 80,
      },
    });
    expect((await sync(owner, [tree])).results).toEqual([{ id: tree.id, status: "created" }]);
    const visit = record({
      applicationId: followUp.application.id,
      answers: { [fieldId(followUp, "tree")]: tree.id, [fieldId(followUp, "circumference")]: 95 },
    });
    expect((await sync(owner, [visit])).results).toEqual([{ id: visit.id, status: "created" }]);
    // The server computes the follow-up's instance('trees') lookup from the list, as the phone does.
    const stored = await owner.get(`/api/applications/${followUp.application.id}/submissions/${visit.id}`);
    const { submission } = (await stored.json()) as { submission: { answers: Record<string, unknown> } };
    expect(submission.answers[fieldId(followUp, "species")]).toBe("Ipê");
    const { entity } = await entityDetail(owner, followUp.application.id, tree.id);
    expect(entity).toMatchObject({
      label: "Ipê 80cm",
      latitude: -15.79,
      longitude: -47.88,
      version: 2,
      properties: { species: "Ipê", circumference_cm: 95 },
    });
    // update_if (`${circumference} > 0`) is false for a visit that measured nothing: the record is stored, the tree
    // stays as it was.
    const unmeasured = record({
      applicationId: followUp.application.id,
      answers: { [fieldId(followUp, "tree")]: tree.id, [fieldId(followUp, "circumference")]: 0 },
    });
    expect((await sync(owner, [unmeasured])).results).toEqual([{ id: unmeasured.id, status: "created" }]);
    expect((await entityDetail(owner, followUp.application.id, tree.id)).entity).toMatchObject({
      version: 2,
      properties: { circumference_cm: 95 },
    });
  });

  it("exports the entities sheet and save_to, and the export imports back as the same action", async () => {
    for (const form of [registration, followUp]) {
      const response = await owner.get(`/api/applications/${form.application.id}/xlsform`);
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const book = await readXlsFormBook(bytes);
      expect(book.entities?.rows).toHaveLength(1);
      const body = new FormData();
      body.set("file", new File([bytes], "export.xlsx", { type: XLSX }));
      body.set("name", `${form.application.name} again`);
      const again = await owner.request("/api/applications/import/xlsform", { method: "POST", body });
      expect(again.status).toBe(201);
      const reimported = (await again.json()) as Imported;
      const before = await applicationEntities(owner, form.application.id);
      const after = await applicationEntities(owner, reimported.application.id);
      expect(after.action).toEqual(before.action);
      expect(reimported.fields.map((field) => [field.name, field.fieldType])).toEqual(
        form.fields.map((field) => [field.name, field.fieldType]),
      );
    }
    const follow = await readXlsFormBook(
      new Uint8Array(await (await owner.get(`/api/applications/${followUp.application.id}/xlsform`)).arrayBuffer()),
    );
    expect(follow.survey?.rows[0]?.cells.get("type")).toBe("select_one_from_file trees.csv");
    expect(follow.entities?.rows[0]?.cells.get("entity_id")).toBe("${tree}");
    expect(follow.entities?.rows[0]?.cells.get("update_if")).toBe("${circumference} > 0");
  });

  it("adds the properties a form saves to the owner's list of that name, and picks from it without a sheet", async () => {
    const health = await imported(owner, {
      survey: [
        ["type", "name", "label", "save_to"],
        ["select_one_from_file TREES.csv", "tree", "Tree", null],
        ["text", "health", "Health", "health"],
      ],
      entities: [
        ["list_name", "entity_id"],
        ["Trees", "${tree}"],
      ],
      settings: [["form_title"], ["Tree health"]],
    });
    const lists = await ownerLists(owner, health.application.id);
    expect(lists.map((list) => [list.name, list.properties.map((property) => property.name)])).toEqual([
      ["trees", ["species", "circumference_cm", "planted", "health"]],
    ]);
    const readOnly = await imported(owner, {
      survey: [
        ["type", "name", "label"],
        ["select_one_from_file trees.csv", "tree", "Tree"],
        ["text", "remark", "Remark"],
      ],
      settings: [["form_title"], ["Tree look"]],
    });
    expect((await applicationEntities(owner, readOnly.application.id)).action).toEqual({
      kind: "update",
      listId: lists[0]?.id,
      entityField: "tree",
      saves: {},
    });
  });

  it("answers 400 with every located entity issue and creates neither the form nor the list", async () => {
    const before = (await ownerLists(owner, registration.application.id)).length;
    const response = await importSheets(owner, {
      survey: [
        ["type", "name", "label", "save_to"],
        ["text", "a", "A", "label"],
        ["text", "b", "B", "height"],
        ["text", "c", "C", "height"],
      ],
      entities: [
        ["list_name", "label"],
        ["houses", "${a}"],
      ],
      settings: [["form_title"], ["Broken houses"]],
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; details: { issues: XlsFormIssue[] } } };
    expect(error.code).toBe("XLSFORM_INVALID");
    expect(error.details.issues.map(({ sheet, row, column, key }) => [sheet, row, column, key])).toEqual([
      ["survey", 2, "save_to", "xlsform:issues.saveToInvalid"],
      ["survey", 4, "save_to", "xlsform:issues.saveToDuplicate"],
    ]);
    expect(await ownerLists(owner, registration.application.id)).toHaveLength(before);
  });
});
