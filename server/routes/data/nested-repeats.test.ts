/**
 * Every read of a record nested three deep (households → members → visits, members inside a section of each
 * household): the record API, the CSV ZIP and the Excel workbook (one table per repeat level, joined by
 * PARENT_KEY/KEY), GeoJSON (entries nested as JSON), the OData feed and its $metadata (one set per level, parents
 * naming their child sets), the webhook payload, and charts that leave inner repeats out. Files are read back with
 * real parsers.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { findRecord } from "../../db/queries/records.ts";
import { loadRecordFields } from "../../services/records/record-query.ts";
import { webhookRecord } from "../../services/webhooks/record-payload.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { unzip } from "../../test-support/unzip.ts";
import { signUpAs, subscribe, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { HOUSEHOLDS, seedNestedFixture, type NestedFixture } from "./nested-repeat-fixtures.ts";

let server: TestServer;
let owner: HttpClient;
let data: NestedFixture;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  owner = server.client();
  const user = await signUpAs(owner, "nested-reads@campo.test");
  await subscribe(server.context.database.db, user.id, "custom");
  data = await seedNestedFixture(server, owner, "nested");
}, 60_000);
afterAll(() => server.stop());

async function download(format: string, query = ""): Promise<Buffer> {
  const response = await owner.get(`/api/applications/${data.applicationId}/export.${format}?${query}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${response.status} ${bytes.toString()}`);
  return bytes;
}

const brasilia = () => data.records[0] ?? "";

/** The expected rows of each level: [parent key, key, …answers]. */
const HOUSEHOLD_ROWS = () =>
  HOUSEHOLDS[0]?.households.map((household, h) => [
    brasilia(),
    `${brasilia()}/domicilios[${h + 1}]`,
    household.address,
    household.members.length,
  ]) ?? [];
const MEMBER_ROWS = () =>
  HOUSEHOLDS[0]?.households.flatMap((household, h) =>
    household.members.map((member, m) => [
      `${brasilia()}/domicilios[${h + 1}]`,
      `${brasilia()}/domicilios[${h + 1}]/membros[${m + 1}]`,
      member.name,
      member.age,
      member.visits.length,
    ]),
  ) ?? [];
const VISIT_ROWS = () =>
  HOUSEHOLDS[0]?.households.flatMap((household, h) =>
    household.members.flatMap((member, m) =>
      member.visits.map((visit, v) => [
        `${brasilia()}/domicilios[${h + 1}]/membros[${m + 1}]`,
        `${brasilia()}/domicilios[${h + 1}]/membros[${m + 1}]/visitas[${v + 1}]`,
        visit.date,
        visit.weight,
        visit.note ?? "",
      ]),
    ),
  ) ?? [];

/** Brasília's households as GeoJSON and webhooks write them: keyed by header, inner entries nested, pt-BR. */
const LABELLED_HOUSEHOLDS = () =>
  HOUSEHOLDS[0]?.households.map((household) => ({
    Endereço: household.address,
    Membros: household.members.map((member) => ({
      Nome: member.name,
      Idade: member.age,
      Visitas: member.visits.map((visit) => ({
        "Data da visita": visit.date,
        "Peso (kg)": visit.weight,
        "Observação (removido)": visit.note ?? null,
      })),
    })),
  }));

describe("the record API of a nested record", () => {
  it("answers the entries nested in their parent entries, as stored", async () => {
    const response = await owner.get(`/api/applications/${data.applicationId}/records/${brasilia()}`);
    expect(response.status).toBe(200);
    const { record } = (await response.json()) as { record: { answers: Record<string, unknown> } };
    const households = record.answers[data.fields.domicilios.id] as Record<string, unknown>[];
    const members = households[0]?.[data.fields.membros.id] as Record<string, unknown>[];
    expect(members.map((member) => member[data.fields.nome.id])).toEqual(["Ana", "Beto"]);
    expect((members[0]?.[data.fields.visitas.id] as unknown[]).length).toBe(2);
  });
});

describe("the data view of a nested form", () => {
  it("keeps a field removed from the innermost repeat while its entries still hold answers", async () => {
    const view = (await (await owner.get(`/api/applications/${data.applicationId}/data-view`)).json()) as {
      fields: { id: string; parentName: string | null; removed: boolean }[];
    };
    expect(view.fields.find((field) => field.id === data.fields.obsVisita.id)).toMatchObject({
      parentName: "visitas",
      removed: true,
    });
    expect(view.fields.find((field) => field.id === data.fields.membros.id)).toMatchObject({ parentName: "moradores" });
  });
});

describe("CSV export of a nested form", () => {
  it("zips one CSV per repeat level, each row keyed by its parent's entry and carrying the record id", async () => {
    const files = unzip(await download("csv"));
    const base = `Domicílios nested`;
    expect([...files.keys()]).toEqual([
      `${base}.csv`,
      `${base}-domicilios.csv`,
      `${base}-membros.csv`,
      `${base}-visitas.csv`,
    ]);
    const read = (name: string) =>
      parseCsv<Record<string, string>>(files.get(`${base}-${name}.csv`) ?? "", { bom: true, columns: true });
    const main = parseCsv<Record<string, string>>(files.get(`${base}.csv`) ?? "", { bom: true, columns: true });
    expect(main.map((row) => [row["ID do registro"], row["Município"], row["Domicílios"]])).toEqual([
      [data.records[0], "Brasília", "2"],
      [data.records[1], "Goiânia", "0"],
    ]);

    const households = read("domicilios");
    assert(households[0]);
    expect(Object.keys(households[0])).toEqual([
      "ID do registro",
      "Entrada",
      "Endereço",
      "Membros",
      "PARENT_KEY",
      "KEY",
    ]);
    expect(households.map((row) => [row.PARENT_KEY, row.KEY, row["Endereço"], Number(row.Membros)])).toEqual(
      HOUSEHOLD_ROWS(),
    );

    const members = read("membros");
    assert(members[0]);
    expect(Object.keys(members[0])).toEqual([
      "ID do registro",
      "Entrada",
      "Nome",
      "Idade",
      "Visitas",
      "PARENT_KEY",
      "KEY",
    ]);
    expect(members.map((row) => [row.PARENT_KEY, row.KEY, row.Nome, Number(row.Idade), Number(row.Visitas)])).toEqual(
      MEMBER_ROWS(),
    );
    // Entrada counts within the parent entry: Caio is the first member of the second household.
    expect(members.map((row) => Number(row.Entrada))).toEqual([1, 2, 1]);

    const visits = read("visitas");
    expect(
      visits.map((row) => [
        row.PARENT_KEY,
        row.KEY,
        row["Data da visita"],
        Number(row["Peso (kg)"]),
        row["Observação (removido)"],
      ]),
    ).toEqual(VISIT_ROWS());
    // Every row carries its record, and every parent key is a key of the level above.
    for (const row of [...households, ...members, ...visits]) expect(row["ID do registro"]).toBe(brasilia());
    expect(visits.every((visit) => members.some((member) => member.KEY === visit.PARENT_KEY))).toBe(true);
    expect(members.every((member) => households.some((household) => household.KEY === member.PARENT_KEY))).toBe(true);
  });
});

describe("Excel export of a nested form", () => {
  it("has a sheet per repeat level, typed, keyed like the CSV tables", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download("xlsx", "lang=en")) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Domicílios nested",
      "Domicílios",
      "Membros",
      "Visitas",
    ]);
    const visits = workbook.worksheets[3];
    assert(visits);
    expect((visits.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Record ID",
      "Entry",
      "Data da visita",
      "Peso (kg)",
      "Observação (removed)",
      "PARENT_KEY",
      "KEY",
    ]);
    expect(visits.rowCount).toBe(VISIT_ROWS().length + 1);
    for (const [i, [parentKey, key, , weight]] of VISIT_ROWS().entries()) {
      const row = visits.getRow(i + 2);
      expect(row.getCell(1).value).toBe(brasilia());
      expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(4).value).toBe(weight);
      expect([row.getCell(6).value, row.getCell(7).value]).toEqual([parentKey, key]);
    }
    const members = workbook.worksheets[2];
    assert(members);
    expect(members.getRow(2).getCell(5).value).toBe(2);
  });
});

describe("GeoJSON export of a nested form", () => {
  it("keeps the entries nested as JSON, each inner repeat a list inside its entry", async () => {
    const collection = JSON.parse((await download("geojson")).toString("utf8")) as {
      features: { id: string; properties: Record<string, unknown> }[];
    };
    expect(collection.features.map((feature) => feature.id)).toEqual(data.records);
    expect(collection.features[0]?.properties["Domicílios"]).toEqual(LABELLED_HOUSEHOLDS());
    expect(collection.features[1]?.properties["Domicílios"]).toEqual([]);
  });
});

describe("OData feed of a nested form", () => {
  const root = () => `/api/odata/applications/${data.applicationId}/`;
  const feed = async (path: string) => {
    const response = await owner.get(`${root()}${path}`);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${response.status} ${text}`);
    return JSON.parse(text) as { "@odata.count"?: number; value: Record<string, unknown>[] };
  };

  it("describes one entity set per level, each parent type navigating to its child set", async () => {
    const response = await owner.get(`${root()}$metadata`);
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const schema = (
      new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: "",
        isArray: (name, _path, _leaf, isAttribute) =>
          !isAttribute &&
          ["EntityType", "Property", "NavigationProperty", "EntitySet", "NavigationPropertyBinding"].includes(name),
      }).parse(xml) as {
        "edmx:Edmx": {
          "edmx:DataServices": {
            Schema: {
              EntityType: {
                Name: string;
                Property: { Name: string }[];
                NavigationProperty?: { Name: string; Type: string }[];
              }[];
              EntityContainer: {
                EntitySet: { Name: string; NavigationPropertyBinding?: { Path: string; Target: string }[] }[];
              };
            };
          };
        };
      }
    )["edmx:Edmx"]["edmx:DataServices"].Schema;
    const sets = ["Records", "Records_domicilios", "Records_domicilios_membros", "Records_domicilios_membros_visitas"];
    expect(schema.EntityContainer.EntitySet.map((set) => set.Name)).toEqual(sets);
    const type = (name: string) => schema.EntityType.find((entityType) => entityType.Name === name);
    expect(
      sets.map((name) => type(name === "Records" ? "Record" : name)?.NavigationProperty?.map((nav) => nav.Type)),
    ).toEqual([
      ["Collection(Campo.Records_domicilios)"],
      ["Collection(Campo.Records_domicilios_membros)"],
      ["Collection(Campo.Records_domicilios_membros_visitas)"],
      undefined,
    ]);
    expect(schema.EntityContainer.EntitySet.map((set) => set.NavigationPropertyBinding?.[0]?.Target)).toEqual([
      ...sets.slice(1),
      undefined,
    ]);
    expect(type("Records_domicilios_membros_visitas")?.Property.map((property) => property.Name)).toEqual([
      "__id",
      "__recordId",
      "__parentId",
      "__index",
      "data_visita",
      "peso",
      "obs_visita",
    ]);
    expect(type("Records_domicilios")?.Property.map((property) => property.Name)).toEqual([
      "__id",
      "__recordId",
      "__index",
      "endereco",
      "membros",
    ]);
  });

  it("serves each level's entries with ids a child's __parentId points at, and counts them", async () => {
    const members = await feed("Records_domicilios_membros?$count=true");
    expect(members["@odata.count"]).toBe(3);
    expect(members.value.map((entry) => [entry.__id, entry.__parentId, entry.nome, entry.visitas])).toEqual([
      [`${brasilia()}-1-1`, `${brasilia()}-1`, "Ana", 2],
      [`${brasilia()}-1-2`, `${brasilia()}-1`, "Beto", 0],
      [`${brasilia()}-2-1`, `${brasilia()}-2`, "Caio", 1],
    ]);
    const visits = await feed("Records_domicilios_membros_visitas?$count=true");
    expect(visits["@odata.count"]).toBe(3);
    expect(
      visits.value.map((entry) => [entry.__id, entry.__parentId, entry.__index, entry.data_visita, entry.peso]),
    ).toEqual([
      [`${brasilia()}-1-1-1`, `${brasilia()}-1-1`, 1, "2025-05-02", 61.5],
      [`${brasilia()}-1-1-2`, `${brasilia()}-1-1`, 2, "2025-06-02", 60],
      [`${brasilia()}-2-1-1`, `${brasilia()}-2-1`, 1, "2025-05-03", 80],
    ]);
    const households = await feed("Records_domicilios");
    expect(households.value.map((entry) => entry.__id)).toEqual([`${brasilia()}-1`, `${brasilia()}-2`]);
  });
});

describe("webhook payload of a nested record", () => {
  it("carries the entries nested and labelled at every level", async () => {
    const db = server.context.database.db;
    const row = await findRecord(db, { applicationId: data.applicationId, submitterId: undefined }, brasilia());
    assert(row);
    const payload = webhookRecord(row, await loadRecordFields(db, data.applicationId), "pt-BR", "https://campo.test");
    expect(payload.answers).toEqual({
      Município: "Brasília",
      Domicílios: LABELLED_HOUSEHOLDS(),
    });
  });
});

describe("charts of a nested form", () => {
  it("charts the top-level repeat, and refuses inner repeats and their fields rather than failing", async () => {
    const chart = (fieldId: string) => owner.get(`/api/applications/${data.applicationId}/charts?field=${fieldId}`);
    expect((await chart(data.fields.domicilios.id)).status).toBe(200);
    for (const field of [data.fields.membros, data.fields.idade, data.fields.peso])
      expect((await chart(field.id)).status).toBe(400);
  });
});
