/**
 * The data view, exports and charts of a form with a section, a note, a calculation and a repeat (whose text field
 * was removed). Exports are read back with real parsers: CSV as a ZIP of the main table and the repeat's table,
 * Excel as a second sheet, KML and GeoJSON with the entries as a property. The repeat tables are keyed by the main
 * table's record id and the entry index.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { unzip } from "../../test-support/unzip.ts";
import { signUpAs, subscribe, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { seedRepeatFixture, type RepeatFixture } from "../../test-support/fixtures/repeat-fixtures.ts";
import type { ChartData, DataView } from "../../../shared/records/record-view.ts";

let server: TestServer;
let owner: HttpClient;
let data: RepeatFixture;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  owner = server.client();
  const user = await signUpAs(owner, "repeat-exports@campo.test");
  await subscribe(server.context.database.db, user.id, "custom");
  data = await seedRepeatFixture(server, owner, "exports");
}, 60_000);
afterAll(() => server.stop());

async function download(format: string, query = ""): Promise<{ response: Response; bytes: Buffer }> {
  const response = await owner.get(`/api/applications/${data.applicationId}/export.${format}?${query}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${response.status} ${bytes.toString()}`);
  return { response, bytes };
}

const MAIN_HEADERS = [
  "ID do registro",
  "Criado em (UTC)",
  "Atualizado em (UTC)",
  "Enviado por",
  "E-mail de quem enviou",
  "Latitude",
  "Longitude",
  "Precisão (m)",
  "Situação da revisão",
  "Lote",
  "Árvores",
  "Área (ha)",
  "Área (m²)",
];
const TREE_HEADERS = [
  "ID do registro",
  "Entrada",
  "Espécie",
  "Altura (m)",
  "Foto da árvore",
  "Local da árvore",
  "Observação (removido)",
  "PARENT_KEY",
  "KEY",
];

/** The trees as every table should read them: [record index, entry index, species, height, removed text]. */
const TREES: [number, number, string, number, string][] = [
  [0, 1, "Ipê", 12.5, 'Tronco oco, "velha"'],
  [0, 2, "Jatobá", 8, ""],
  [2, 1, "Ipê", 3, "'=muda"],
];

describe("the data view", () => {
  it("names each field and its container, and keeps the removed repeat field flagged removed", async () => {
    const view = (await (await owner.get(`/api/applications/${data.applicationId}/data-view`)).json()) as DataView;
    expect(view.fields.find((field) => field.id === data.fields.especie.id)).toMatchObject({
      name: "especie",
      parentName: "arvores",
      removed: false,
    });
    expect(view.fields.at(-1)).toMatchObject({
      id: data.fields.obs.id,
      label: "Observação",
      parentName: "arvores",
      removed: true,
    });
  });
});

describe("CSV export of a form with repeats", () => {
  it("is a ZIP of the main CSV and one CSV per repeat, keyed by record id and entry index", async () => {
    const { response, bytes } = await download("csv");
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Inventario-exports-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzip(bytes);
    expect([...files.keys()]).toEqual(["Inventário exports.csv", "Inventário exports-arvores.csv"]);
    const main = parseCsv<Record<string, string>>(files.get("Inventário exports.csv") ?? "", {
      bom: true,
      columns: true,
    });
    assert(main[0]);
    expect(Object.keys(main[0])).toEqual(MAIN_HEADERS);
    expect(main.map((row) => row["ID do registro"])).toEqual(data.records);
    expect(main.map((row) => [row.Lote, row["Área (m²)"], row["Árvores"]])).toEqual([
      ["L1", "10000", "2"],
      ["L2", "20000", "0"],
      ["L3", "30000", "1"],
    ]);

    const trees = parseCsv<Record<string, string>>(files.get("Inventário exports-arvores.csv") ?? "", {
      bom: true,
      columns: true,
    });
    assert(trees[0]);
    expect(Object.keys(trees[0])).toEqual(TREE_HEADERS);
    expect(
      trees.map((row) => [
        row["ID do registro"],
        Number(row.Entrada),
        row["Espécie"],
        Number(row["Altura (m)"]),
        row["Observação (removido)"],
      ]),
    ).toEqual(TREES.map(([record, ...rest]) => [data.records[record], ...rest]));
    // Every entry points at a row of the main table, media and locations read as in the main table.
    expect(trees.every((row) => main.some((record) => record["ID do registro"] === row["ID do registro"]))).toBe(true);
    expect(trees[0]["Foto da árvore"]).toBe(`${server.url}/api/attachments/${data.photoAttachmentId}`);
    // Text starting with "-" gets the formula guard's apostrophe in CSV, as everywhere in the CSV export.
    expect(trees[0]["Local da árvore"]).toBe("'-15.780100, -47.929200");
    // ODK Central's join keys: a top-level entry's parent is its record, its key the path to it.
    expect(trees.map((row) => [row.PARENT_KEY, row.KEY])).toEqual(
      TREES.map(([record, entry]) => [data.records[record], `${data.records[record]}/arvores[${entry}]`]),
    );
  });

  it("follows the filter in both tables", async () => {
    const { bytes } = await download("csv", `q=L3`);
    const files = unzip(bytes);
    const main = parseCsv<Record<string, string>>(files.get("Inventário exports.csv") ?? "", {
      bom: true,
      columns: true,
    });
    const trees = parseCsv<Record<string, string>>(files.get("Inventário exports-arvores.csv") ?? "", {
      bom: true,
      columns: true,
    });
    expect(main.map((row) => row["ID do registro"])).toEqual([data.records[2]]);
    expect(trees.map((row) => row["ID do registro"])).toEqual([data.records[2]]);
  });
});

describe("Excel export of a form with repeats", () => {
  it("adds a sheet per repeat, one typed row per entry keyed like the records sheet", async () => {
    const { bytes } = await download("xlsx", "lang=en");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Inventário exports", "Árvores"]);
    const [records, trees] = workbook.worksheets;
    assert(records && trees);
    const header = (records.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(9)).toEqual(["Lote", "Árvores", "Área (ha)", "Área (m²)"]);
    expect(records.getRow(2).getCell(11).value).toBe(2);
    const ids = data.records.map((_, i) => records.getRow(i + 2).getCell(1).value);
    expect(ids).toEqual(data.records);
    expect((trees.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Record ID",
      "Entry",
      "Espécie",
      "Altura (m)",
      "Foto da árvore",
      "Local da árvore",
      "Observação (removed)",
      "PARENT_KEY",
      "KEY",
    ]);
    expect(trees.rowCount).toBe(TREES.length + 1);
    for (const [i, [record, entry, species, height, removedText]] of TREES.entries()) {
      const row = trees.getRow(i + 2);
      expect(row.getCell(1).value).toBe(data.records[record]);
      expect(row.getCell(2).value).toBe(entry);
      expect(row.getCell(3).value).toBe(species);
      expect(row.getCell(4).value).toBe(height);
      expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Number);
      // Excel cells are never formulas: the text keeps its apostrophe-free value.
      expect(row.getCell(7).value ?? "").toBe(removedText.replace(/^'/, ""));
    }
  });
});

describe("GeoJSON and KML exports of a form with repeats", () => {
  const expectedEntries = (record: number) =>
    TREES.filter(([of]) => of === record).map(([, , species, height, removedText]) => ({
      Espécie: species,
      "Altura (m)": height,
      "Foto da árvore":
        record === 0 && species === "Ipê" ? `${server.url}/api/attachments/${data.photoAttachmentId}` : null,
      "Local da árvore": record === 0 && species === "Ipê" ? "-15.780100, -47.929200" : null,
      "Observação (removido)": removedText === "" ? null : removedText.replace(/^'/, ""),
    }));

  it("GeoJSON holds each record's entries as a list of objects", async () => {
    const { bytes } = await download("geojson");
    const collection = JSON.parse(bytes.toString("utf8")) as {
      features: { id: string; properties: Record<string, unknown> }[];
    };
    expect(collection.features.map((feature) => feature.id)).toEqual(data.records);
    for (const [i, feature] of collection.features.entries()) {
      expect(Object.keys(feature.properties).slice(9)).toEqual(["Lote", "Árvores", "Área (ha)", "Área (m²)"]);
      expect(feature.properties["Árvores"]).toEqual(expectedEntries(i));
    }
  });

  it("KML holds them as the same list in JSON text", async () => {
    const { bytes } = await download("kml");
    const collection = kmlToGeoJson(new DOMParser().parseFromString(bytes.toString("utf8"), "text/xml"));
    expect(collection.features).toHaveLength(3);
    for (const [i, feature] of collection.features.entries()) {
      const text = (feature.properties as Record<string, string>)["Árvores"] ?? "";
      expect(text === "" ? [] : JSON.parse(text)).toEqual(expectedEntries(i));
    }
  });
});

describe("charts of a form with repeats", () => {
  const chart = async (fieldId: string) =>
    (await (await owner.get(`/api/applications/${data.applicationId}/charts?field=${fieldId}`)).json()) as ChartData;

  it("counts a choice inside a repeat over every entry, and a number inside one over every entry", async () => {
    const species = await chart(data.fields.especie.id);
    assert(species.kind === "distribution");
    expect(species.values).toEqual([
      { value: "Ipê", count: 2 },
      { value: "Jatobá", count: 1 },
      { value: "Pau-brasil", count: 0 },
    ]);
    const heights = await chart(data.fields.altura.id);
    assert(heights.kind === "numeric");
    expect(heights.stats).toMatchObject({ count: 3, min: 3, max: 12.5, sum: 23.5 });
    expect(heights.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3);
  });

  it("charts a repeat as its entries per record, and follows the filter", async () => {
    const trees = await chart(data.fields.arvores.id);
    assert(trees.kind === "numeric");
    expect(trees.stats).toMatchObject({ count: 3, min: 0, max: 2, sum: 3 });
    const filtered = (await (
      await owner.get(`/api/applications/${data.applicationId}/charts?field=${data.fields.especie.id}&q=L3`)
    ).json()) as ChartData;
    assert(filtered.kind === "distribution");
    expect(filtered.values.map((entry) => entry.count)).toEqual([1, 0, 0]);
  });

  it("refuses a field that holds no chartable answer", async () => {
    for (const fieldId of [data.fields.lote.id, data.fields.areaM2.id, data.fields.foto.id]) {
      const response = await owner.get(`/api/applications/${data.applicationId}/charts?field=${fieldId}`);
      expect(response.status).toBe(400);
    }
  });
});
