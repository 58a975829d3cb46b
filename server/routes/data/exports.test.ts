import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import {
  seedDataFixture,
  storedRecords,
  TRICKY_TEXTS,
  type DataFixture,
} from "../../test-support/fixtures/data-fixtures.ts";

let server: TestServer;
let data: DataFixture;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  data = await seedDataFixture(server, "exports");
}, 60_000);
afterAll(() => server.stop());

type Client = DataFixture["clients"]["owner"];

async function download(client: Client, format: string, query = ""): Promise<{ response: Response; bytes: Buffer }> {
  const response = await client.get(`/api/applications/${data.applicationId}/export.${format}?${query}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${response.status} ${bytes.toString()}`);
  return { response, bytes };
}

describe("CSV export", () => {
  it("is UTF-8 with BOM, one column per field label, values equal to the database", async () => {
    const { response, bytes } = await download(data.clients.owner, "csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("x-total-records")).toBe("15");
    // The name carries the export's day (which day is export-file-name.test.ts's, on a fixed clock).
    const date = /(\d{4}-\d{2}-\d{2})\.csv"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    assert(date);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Levantamento-exports-Agua-Esgoto-${date}.csv"; filename*=UTF-8''${encodeURIComponent(`Levantamento exports Água Esgoto-${date}.csv`)}`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv<Record<string, string>>(bytes, { bom: true, columns: true });
    const stored = await storedRecords(server, data.applicationId);
    expect(rows.map((row) => row["ID do registro"])).toEqual(stored.map((record) => record.id));
    assert(rows[0]);
    expect(Object.keys(rows[0])).toEqual([
      "ID do registro",
      "Criado em (UTC)",
      "Atualizado em (UTC)",
      "Enviado por",
      "E-mail de quem enviou",
      "Latitude",
      "Longitude",
      "Precisão (m)",
      "Situação da revisão",
      "Nome, completo",
      "Valor",
      "Aprovado?",
      "Cor",
      "Etiquetas",
      "Dia",
      "Foto",
    ]);
    for (const [i, record] of stored.entries()) {
      const row = rows[i];
      const answers = record.answers;
      const name = answers[data.fields.name.id] as string;
      // Formula-looking text gets a leading apostrophe; everything else round-trips byte for byte.
      assert(row);
      expect(row["Nome, completo"]).toBe(/^[=+\-@]/.test(name) ? `'${name}` : name);
      expect(Number(row.Valor)).toBe(answers[data.fields.value.id]);
      expect(row["Aprovado?"]).toBe(answers[data.fields.ok.id] ? "Sim" : "Não");
      expect(row.Cor).toBe(answers[data.fields.color.id]);
      expect(row.Etiquetas).toBe((answers[data.fields.tags.id] as string[]).join("; "));
      expect(row.Dia).toBe((answers[data.fields.day.id] as string | undefined) ?? "");
      expect(row["Criado em (UTC)"]).toBe(record.createdAt.toISOString());
      expect(row.Latitude).toBe(record.latitude === null ? "" : String(record.latitude));
    }
    expect(rows.map((row) => row["Nome, completo"])).toEqual(
      expect.arrayContaining(['São João, "o velho"\nlinha 2', "'=1+1", "'+55 11 98765-4321", "'@SUM(A1)"]),
    );
    const photoUrl = rows.find((row) => row.Foto)?.Foto;
    expect(photoUrl).toBe(`${server.url}/api/attachments/${data.photoAttachmentId}`);
    expect((await data.clients.owner.get(new URL(photoUrl ?? "").pathname)).status).toBe(200);
  });

  it("honours the filters and the language", async () => {
    const { response, bytes } = await download(data.clients.owner, "csv", `f.${data.fields.color.id}=Verde&lang=en`);
    const rows = parseCsv<Record<string, string>>(bytes, { bom: true, columns: true });
    expect(response.headers.get("x-total-records")).toBe("4");
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.Cor === "Verde" && ["Yes", "No"].includes(row["Aprovado?"] ?? ""))).toBe(true);
    assert(rows[0]);
    expect(Object.keys(rows[0]).slice(0, 2)).toEqual(["Record ID", "Created at (UTC)"]);
  });

  it("writes for Excel in Brazilian Portuguese on request: `;`, decimal comma, dd/MM/yyyy, local times, BOM", async () => {
    const { response, bytes } = await download(
      data.clients.owner,
      "csv",
      "csvDialect=excel-pt-BR&tz=America/Sao_Paulo",
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8").split("\r\n")[0]).toContain(";Criado em (America/Sao_Paulo);");
    const rows = parseCsv<Record<string, string>>(bytes, { bom: true, columns: true, delimiter: ";" });
    const stored = await storedRecords(server, data.applicationId);
    expect(rows.map((row) => row["ID do registro"])).toEqual(stored.map((record) => record.id));
    // São Paulo keeps UTC−3 all year (no daylight saving since 2019).
    const two = (n: number) => String(n).padStart(2, "0");
    const saoPaulo = (instant: Date) => {
      const local = new Date(instant.getTime() - 3 * 3600_000);
      return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
    };
    for (const [i, record] of stored.entries()) {
      const row = rows[i];
      const answers = record.answers;
      assert(row);
      const name = answers[data.fields.name.id] as string;
      expect(row["Nome, completo"]).toBe(/^[=+\-@]/.test(name) ? `'${name}` : name);
      expect(row.Valor).toBe(String(answers[data.fields.value.id]).replace(".", ","));
      const day = answers[data.fields.day.id] as string | undefined;
      expect(row.Dia).toBe(day ? day.split("-").reverse().join("/") : "");
      expect(row["Criado em (America/Sao_Paulo)"]).toBe(saoPaulo(record.createdAt));
      expect(row["Atualizado em (America/Sao_Paulo)"]).toBe(saoPaulo(record.updatedAt));
      expect(row.Latitude).toBe(record.latitude === null ? "" : String(record.latitude).replace(".", ","));
    }
    expect(rows.map((row) => row.Valor)).toContain("10,5");
  });

  it("takes the user's time zone for Excel's CSV, São Paulo by default, and refuses an unknown one or dialect", async () => {
    const { bytes } = await download(data.clients.owner, "csv", "csvDialect=excel-pt-BR&tz=Asia/Tokyo&lang=en");
    const [row] = parseCsv<Record<string, string>>(bytes, { bom: true, columns: true, delimiter: ";" });
    const [first] = await storedRecords(server, data.applicationId);
    assert(row && first);
    const tokyo = new Date(first.createdAt.getTime() + 9 * 3600_000);
    expect(row["Created at (Asia/Tokyo)"]).toMatch(
      new RegExp(`^${String(tokyo.getUTCDate()).padStart(2, "0")}/.* ${String(tokyo.getUTCHours()).padStart(2, "0")}:`),
    );
    const byDefault = (await download(data.clients.owner, "csv", "csvDialect=excel-pt-BR")).bytes.toString("utf8");
    expect(byDefault.split("\r\n")[0]).toContain(";Criado em (America/Sao_Paulo);");
    for (const query of ["csvDialect=excel-pt-BR&tz=Mars/Olympus", "csvDialect=semicolons"]) {
      const refused = await data.clients.owner.get(`/api/applications/${data.applicationId}/export.csv?${query}`);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("refuses collaborators every format with 403 EXPORT_FORBIDDEN (spec 000 §6), and outsiders with 404", async () => {
    for (const format of ["csv", "xlsx", "kml", "geojson"]) {
      const refused = await data.clients.collaborator.get(`/api/applications/${data.applicationId}/export.${format}`);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("EXPORT_FORBIDDEN");
    }
    expect((await data.clients.outsider.get(`/api/applications/${data.applicationId}/export.csv`)).status).toBe(404);
    expect((await data.clients.owner.get(`/api/applications/${data.applicationId}/export.pdf`)).status).toBe(404);
  });
});

describe("Excel export", () => {
  it("has typed cells and never a formula", async () => {
    const { bytes, response } = await download(data.clients.owner, "xlsx");
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    assert(sheet);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[9]).toBe("Nome, completo");
    const column = (label: string) => header.indexOf(label) + 1;
    const stored = await storedRecords(server, data.applicationId);
    expect(sheet.rowCount).toBe(stored.length + 1);
    for (const [i, record] of stored.entries()) {
      const row = sheet.getRow(i + 2);
      const nameCell = row.getCell(column("Nome, completo"));
      expect(nameCell.type).toBe(ExcelJS.ValueType.String);
      expect(nameCell.formula).toBeUndefined();
      expect(nameCell.value).toBe(record.answers[data.fields.name.id]);
      expect(row.getCell(column("Valor")).value).toBe(record.answers[data.fields.value.id]);
      expect(row.getCell(column("Criado em (UTC)")).value).toEqual(record.createdAt);
      const day = record.answers[data.fields.day.id] as string | undefined;
      if (day) expect(row.getCell(column("Dia")).value).toEqual(new Date(`${day}T00:00:00.000Z`));
    }
    // Dates and instants are date cells shown in the reader's format; the header row is bold.
    expect(sheet.getRow(2).getCell(column("Criado em (UTC)")).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(sheet.getRow(2).getCell(column("Dia")).numFmt).toBe("dd/mm/yyyy");
    expect(sheet.getRow(2).getCell(column("Valor")).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const values = stored.map((_, i) => sheet.getRow(i + 2).getCell(column("Nome, completo")).value);
    expect(values).toEqual(expect.arrayContaining(TRICKY_TEXTS));
  });
});

describe("KML export", () => {
  it("has a Placemark per located record with every answer in ExtendedData", async () => {
    const { bytes, response } = await download(data.clients.owner, "kml");
    expect(response.headers.get("x-total-records")).toBe("9");
    const document = new DOMParser().parseFromString(bytes.toString("utf8"), "text/xml");
    const collection = kmlToGeoJson(document);
    const stored = (await storedRecords(server, data.applicationId)).filter((record) => record.latitude !== null);
    expect(collection.features).toHaveLength(stored.length);
    for (const [i, record] of stored.entries()) {
      const feature = collection.features[i];
      assert(feature);
      expect(feature.geometry).toEqual({ type: "Point", coordinates: [record.longitude, record.latitude] });
      const properties = feature.properties as Record<string, unknown>;
      expect(properties["ID do registro"]).toBe(record.id);
      expect(properties["Nome, completo"]).toBe(record.answers[data.fields.name.id]);
      expect(properties.Etiquetas).toBe((record.answers[data.fields.tags.id] as string[]).join("; "));
    }
  });
});

describe("GeoJSON export", () => {
  it("is a FeatureCollection of every record, typed properties, null geometry without location", async () => {
    const { bytes } = await download(data.clients.owner, "geojson", `q=${encodeURIComponent("<tag>")}`);
    const collection = JSON.parse(bytes.toString("utf8")) as {
      type: string;
      features: { id: string; geometry: unknown; properties: Record<string, unknown> }[];
    };
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]?.properties["Nome, completo"]).toBe("Ação & <tag> 'aspas'");
    const all = JSON.parse((await download(data.clients.owner, "geojson")).bytes.toString("utf8")) as typeof collection;
    const stored = await storedRecords(server, data.applicationId);
    expect(all.features.map((feature) => feature.id)).toEqual(stored.map((record) => record.id));
    for (const [i, record] of stored.entries()) {
      const feature = all.features[i];
      assert(feature);
      expect(feature.geometry).toEqual(
        record.latitude === null ? null : { type: "Point", coordinates: [record.longitude, record.latitude] },
      );
      expect(feature.properties.Valor).toBe(record.answers[data.fields.value.id]);
    }
  });
});
