import { randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formFiles, formSubmissions, storageRemovals } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { FormFileDto, FormFilesDto } from "../../../shared/form-files/form-files.ts";
import type { SyncBatchResult } from "../../../shared/submissions/sync-schemas.ts";
import type { RecordPage, RecordView } from "../../../shared/records/record-view.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  insertSubmission,
  signUpAs,
  subscribe,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";

const STATES = "name,label\nsp,São Paulo\nmg,Minas Gerais\n";
const CITIES =
  "name,label,state,ibge\ncampinas,Campinas,sp,3509502\nsantos,Santos,sp,3548500\nbh,Belo Horizonte,mg,3106200\n";

function upload(name: string, text: string | Uint8Array) {
  return { name, data: Buffer.from(text).toString("base64") };
}

describe("form files", () => {
  let server: TestServer;
  let owner: HttpClient;
  let collaborator: HttpClient;
  let ownerId: string;
  let collaboratorUser: { id: string; email: string };
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    collaborator = server.client();
    ownerId = (await signUpAs(owner, "arquivos@campo.test")).id;
    collaboratorUser = await signUpAs(collaborator, "coleta-arquivos@campo.test");
    await subscribe(server.context.database.db, ownerId, "premium");
  });
  afterAll(() => server.stop());
  const db = () => server.context.database.db;

  /** state → city from attached files, and the city's IBGE code pulled into a calculation. */
  async function cascadingForm(name: string) {
    const created = await createApplicationVia(
      owner,
      applicationForm(name, [
        {
          fieldType: "single_choice",
          label: "Estado",
          name: "state",
          position: 0,
          config: { options: [], choicesFile: "states.csv" },
        },
        {
          fieldType: "single_choice",
          label: "Cidade",
          name: "city",
          position: 1,
          config: { options: [], choicesFile: "cities.csv", choiceFilter: "state = ${state}" },
        },
        {
          fieldType: "calculation",
          label: "IBGE",
          name: "ibge",
          position: 2,
          config: { calculation: "pulldata('cities', 'ibge', 'name', ${city})" },
        },
      ]),
    );
    const id = created.application.id;
    for (const [file, text] of [
      ["states.csv", STATES],
      ["cities.csv", CITIES],
    ] as const)
      expect((await owner.post(`/api/applications/${id}/form-files`, upload(file, text))).status).toBe(201);
    const [state, city, ibge] = created.fields;
    assert(state && city && ibge);
    return { id, state, city, ibge };
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

  it("stores a CSV, lists it with its columns and serves its bytes and rows", async () => {
    const { id } = await cascadingForm("Cidades");
    const listed = (await (await owner.get(`/api/applications/${id}/form-files`)).json()) as FormFilesDto;
    expect(listed.formVersion).toBe(1);
    expect(
      listed.files.map(({ name, rowCount, columns, choiceList }) => ({ name, rowCount, columns, choiceList })),
    ).toEqual([
      { name: "cities.csv", rowCount: 3, columns: ["name", "label", "state", "ibge"], choiceList: true },
      { name: "states.csv", rowCount: 2, columns: ["name", "label"], choiceList: true },
    ]);
    const cities = listed.files[0];
    assert(cities);
    const bytes = await owner.get(`/api/applications/${id}/form-files/${cities.id}`);
    expect(await bytes.text()).toBe(CITIES);
    const table = await owner.get(`/api/applications/${id}/form-files/${cities.id}/table`);
    expect(await table.json()).toMatchObject({
      columns: ["name", "label", "state", "ibge"],
      rows: [["campinas", "Campinas", "sp", "3509502"], expect.anything(), expect.anything()],
    });
  });

  it("reads semicolon-separated spreadsheets and GeoJSON features", async () => {
    const { id } = await cascadingForm("Formatos");
    const semicolon = await owner.post(
      `/api/applications/${id}/form-files`,
      upload("ufs.csv", "name;label\nsp;São Paulo\n"),
    );
    expect(await semicolon.json()).toMatchObject({ columns: ["name", "label"], rowCount: 1 });
    const geojson = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          id: "p1",
          properties: { label: "Poço" },
          geometry: { type: "Point", coordinates: [-47, -22] },
        },
      ],
    };
    const response = await owner.post(
      `/api/applications/${id}/form-files`,
      upload("pocos.geojson", JSON.stringify(geojson)),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      kind: "geojson",
      columns: ["name", "label", "geometry"],
      choiceList: true,
    });
  });

  it("refuses unreadable, too large and too long files, and other types, storing nothing", async () => {
    const { id } = await cascadingForm("Recusas");
    const post = (name: string, data: string | Uint8Array) =>
      owner.post(`/api/applications/${id}/form-files`, upload(name, data));
    const code = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

    const notUtf8 = await post("bad.csv", new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe]));
    expect([notUtf8.status, await code(notUtf8)]).toEqual([400, "FORM_FILE_UNREADABLE"]);
    const repeated = await post("bad.csv", "name,name\na,b\n");
    expect(await code(repeated)).toBe("FORM_FILE_UNREADABLE");
    const quote = await post("bad.csv", 'name,label\n"open,x\n');
    expect(await code(quote)).toBe("FORM_FILE_UNREADABLE");
    const big = await post("big.csv", `name,label\n${"x".repeat(5 * 1024 * 1024)}\n`);
    expect([big.status, await code(big)]).toEqual([413, "FORM_FILE_TOO_LARGE"]);
    const long = await post("long.csv", `name,label\n${"a,b\n".repeat(50_001)}`);
    expect(await code(long)).toBe("FORM_FILE_TOO_MANY_ROWS");
    const image = await post("logo.png", "not a png");
    expect(await code(image)).toBe("INVALID_FILE_TYPE");
    const name = await post("../cities.csv", STATES);
    expect(await code(name)).toBe("VALIDATION_FAILED");

    const listed = (await (await owner.get(`/api/applications/${id}/form-files`)).json()) as FormFilesDto;
    expect(listed.files.map((file) => file.name)).toEqual(["cities.csv", "states.csv"]);
  });

  it("lets collectors read the files but not change them", async () => {
    const { id } = await cascadingForm("Equipe");
    await grantRole(db(), {
      ownerId,
      userId: collaboratorUser.id,
      email: collaboratorUser.email,
      applicationId: id,
      role: "collaborator",
    });
    const listed = await collaborator.get(`/api/applications/${id}/form-files`);
    expect(listed.status).toBe(200);
    const [file] = ((await listed.json()) as FormFilesDto).files;
    assert(file);
    expect((await collaborator.post(`/api/applications/${id}/form-files`, upload("x.csv", STATES))).status).toBe(403);
    expect(
      (await collaborator.request(`/api/applications/${id}/form-files/${file.id}`, { method: "DELETE" })).status,
    ).toBe(403);
  });

  it("checks a synced record against the attached lists and pulls data from them", async () => {
    const { id, state, city, ibge } = await cascadingForm("Validação");
    const ok = await sync({ applicationId: id, answers: { [state.id]: "sp", [city.id]: "santos" } });
    expect(ok).toMatchObject({ status: "created" });
    const [stored] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, ok.id));
    expect(stored?.answers).toEqual({ [state.id]: "sp", [city.id]: "santos", [ibge.id]: "3548500" });

    // A city of another state, and one the file does not have.
    for (const answer of ["bh", "recife"]) {
      const rejected = await sync({ applicationId: id, answers: { [state.id]: "sp", [city.id]: answer } });
      expect(rejected).toMatchObject({
        status: "rejected",
        reason: "invalid_answers",
        errors: { [city.id]: { key: "optionNotOffered" } },
      });
    }
  });

  it("keeps the files a version was published with for the records collected with it", async () => {
    const { id, state, city } = await cascadingForm("Versões");
    await insertSubmission(db(), { applicationId: id, ownerId, submitterId: ownerId, answers: { [state.id]: "sp" } });
    const replaced = await owner.post(
      `/api/applications/${id}/form-files`,
      upload("cities.csv", "name,label,state,ibge\ncampinas,Campinas,sp,3509502\nsorocaba,Sorocaba,sp,3552205\n"),
    );
    expect(replaced.status).toBe(201);
    const current = (await (await owner.get(`/api/applications/${id}/form-files`)).json()) as FormFilesDto;
    expect(current.formVersion).toBe(2);
    const old = (await (await owner.get(`/api/applications/${id}/form-files?version=1`)).json()) as FormFilesDto;
    const rows = (files: FormFileDto[]) => files.find((file) => file.name === "cities.csv")?.rowCount;
    expect([rows(old.files), rows(current.files)]).toEqual([3, 2]);

    // Santos was only in version 1's list; Sorocaba only in version 2's.
    const answers = (name: string) => ({ [state.id]: "sp", [city.id]: name });
    expect(await sync({ applicationId: id, formVersion: 1, answers: answers("santos") })).toMatchObject({
      status: "created",
    });
    expect(await sync({ applicationId: id, formVersion: 2, answers: answers("santos") })).toMatchObject({
      status: "rejected",
    });
    expect(await sync({ applicationId: id, formVersion: 2, answers: answers("sorocaba") })).toMatchObject({
      status: "created",
    });
    expect(await sync({ applicationId: id, formVersion: 1, answers: answers("sorocaba") })).toMatchObject({
      status: "rejected",
    });

    // Removing the file: the current version offers nothing from it; version 1 still has it.
    const file = current.files.find((entry) => entry.name === "cities.csv");
    assert(file);
    expect((await owner.request(`/api/applications/${id}/form-files/${file.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    const after = (await (await owner.get(`/api/applications/${id}/form-files`)).json()) as FormFilesDto;
    expect(after.files.map((entry) => entry.name)).toEqual(["states.csv"]);
    expect(await sync({ applicationId: id, formVersion: 1, answers: answers("santos") })).toMatchObject({
      status: "created",
    });
  });

  it("reads records back with the labels of their version's files, keeping names whose row is gone", async () => {
    const { id, state, city } = await cascadingForm("Rótulos");
    // Recife was never in the list (a record written around validation): its name is all there is to show.
    const gone = await insertSubmission(db(), {
      applicationId: id,
      ownerId,
      submitterId: ownerId,
      answers: { [state.id]: "sp", [city.id]: "recife" },
    });
    const replaced = await owner.post(
      `/api/applications/${id}/form-files`,
      upload("cities.csv", "name,label,state,ibge\nsantos,Santos (litoral),sp,3548500\n"),
    );
    expect(replaced.status).toBe(201);
    const answers = { [state.id]: "sp", [city.id]: "santos" };
    const first = await sync({ applicationId: id, formVersion: 1, answers });
    const second = await sync({ applicationId: id, formVersion: 2, answers });

    const page = (await (await owner.get(`/api/applications/${id}/records`)).json()) as RecordPage;
    const labelsOf = (recordId: string) => page.records.find((record) => record.id === recordId)?.choiceLabels;
    expect(labelsOf(first.id)).toEqual({ [state.id]: { sp: "São Paulo" }, [city.id]: { santos: "Santos" } });
    expect(labelsOf(second.id)).toEqual({ [state.id]: { sp: "São Paulo" }, [city.id]: { santos: "Santos (litoral)" } });
    expect(labelsOf(gone)).toEqual({ [state.id]: { sp: "São Paulo" } });

    const one = await owner.get(`/api/applications/${id}/records/${second.id}`);
    expect(((await one.json()) as { record: RecordView }).record.choiceLabels).toEqual(labelsOf(second.id));
  });

  it("queues the bytes of files no version keeps for removal: replaced before any record, or with the application", async () => {
    const { id } = await cascadingForm("Limpeza");
    const keysOf = async () =>
      (await db().select().from(formFiles).where(eq(formFiles.applicationId, id))).map((row) => row.storageKey);
    const [before] = (await keysOf()).filter((key) => key.startsWith(`form-files/${id}/`));
    assert(before);
    const queued = async () => (await db().select().from(storageRemovals)).map((row) => row.storageKey);
    expect((await owner.post(`/api/applications/${id}/form-files`, upload("states.csv", STATES))).status).toBe(201);
    const left = await keysOf();
    expect(left).toHaveLength(2);
    expect((await queued()).filter((key) => key.startsWith(`form-files/${id}/`))).toHaveLength(1);
    expect((await owner.request(`/api/applications/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await queued()).toEqual(expect.arrayContaining(left));
  });
});
