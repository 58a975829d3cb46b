/**
 * Line and area answers (issue 25) end to end over HTTP: sync refuses broken geometries with their field error
 * keys, and the record detail, the data map, the exports (read back with independent readers), OData and the
 * webhook payload carry what was stored.
 */
import { eq } from "drizzle-orm";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { findRecord } from "../../db/queries/records.ts";
import { applications, formFields, formSubmissions, userLimits } from "../../db/schema/index.ts";
import { translate } from "../../lib/translate.ts";
import { loadRecordFields } from "../../services/records/record-query.ts";
import { webhookRecord } from "../../services/webhooks/record-payload.ts";
import { createTestApiToken } from "../../test-support/fixtures/api-token-fixtures.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";
import { GEOMETRY_VERTICES_MAX, type AreaAnswer, type LineAnswer } from "../../../shared/geo/geometry-answer.ts";
import { northLine, squareArea } from "../../../shared/geo/test-shapes.ts";
import { LANGUAGES } from "../../../shared/i18n/languages.ts";
import { mapViewDataSchema, overviewMapViewDataSchema } from "../../../shared/map/map-view.ts";

let server: TestServer;
let owner: HttpClient;
let ownerId: string;
let applicationId: string;
const id: Record<string, string> = {};
const db = () => server.context.database.db;

// A 1 ha plot at -30° and an 850 m track running north from its corner.
const plot: AreaAnswer = squareArea(100, -30, -51.2);
const track: LineAnswer = northLine(850, -30, -51.2, 4);
const stored: Record<"both" | "areaOnly" | "none", string> = { both: "", areaOnly: "", none: "" };

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  owner = server.client();
  ownerId = (await signUpAs(owner, "talhoes@campo.test")).id;
  await db().insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
  const [application] = await db().insert(applications).values({ ownerId, name: "Talhões" }).returning();
  assert(application);
  applicationId = application.id;
  const rows = await db()
    .insert(formFields)
    .values(
      [
        { fieldType: "text" as const, label: "Nome", name: "nome", config: {} },
        { fieldType: "line" as const, label: "Trilha", name: "trilha", config: {} },
        { fieldType: "area" as const, label: "Talhão", name: "talhao", config: {} },
        { fieldType: "gps" as const, label: "Ponto", name: "ponto", config: { constraint: "inside(., ${talhao})" } },
        {
          fieldType: "calculation" as const,
          label: "Hectares",
          name: "hectares",
          config: { calculation: "round(area(${talhao}) / 10000, 2)" },
        },
      ].map((field, position) => ({ ...field, applicationId, position })),
    )
    .returning();
  for (const row of rows) id[row.name] = row.id;
}, 180_000);
afterAll(() => server.stop());

const answers = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [id[name] as string, value]));

describe("sync of line and area answers", () => {
  it("stores valid lines and areas, with their computed area, and checks a location inside the area", async () => {
    const corner = plot.coordinates[0][0];
    assert(corner);
    const both = record({
      applicationId,
      answers: answers({
        nome: "Com tudo",
        trilha: track,
        talhao: plot,
        ponto: { latitude: corner[1] + 0.0002, longitude: corner[0] + 0.0002 },
      }),
    });
    const areaOnly = {
      ...record({ applicationId, answers: answers({ nome: "Só área", talhao: plot }) }),
      location: null,
    };
    const none = { ...record({ applicationId, answers: answers({ nome: "Nada" }) }), location: null };
    const { status, results } = await sync(owner, [both, areaOnly, none]);
    expect(status).toBe(200);
    expect(results.map((result) => result.status)).toEqual(["created", "created", "created"]);
    Object.assign(stored, { both: both.id, areaOnly: areaOnly.id, none: none.id });
    // One batch shares a server time; order the records as listed so the map and exports list them in this order.
    for (const [index, recordId] of [both.id, areaOnly.id, none.id].entries())
      await db()
        .update(formSubmissions)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + index)) })
        .where(eq(formSubmissions.id, recordId));
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, both.id));
    expect(row?.answers[id.trilha as string]).toEqual(track);
    expect(row?.answers[id.talhao as string]).toEqual(plot);
    expect(row?.answers[id.hectares as string]).toBe(1);
  });

  it("refuses broken geometries with a translated key per problem", async () => {
    const ring = (...positions: [number, number][]) => ({ type: "Polygon", coordinates: [positions] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ talhao: ring([0, 0], [1, 0], [1, 1], [0, 1]) }, "talhao", "areaNotClosed"],
      [{ talhao: ring([0, 0], [1, 1], [1, 0], [0, 1], [0, 0]) }, "talhao", "areaSelfIntersects"],
      [{ talhao: ring([0, 0], [1, 0], [0, 0]) }, "talhao", "geometryTooFewPoints"],
      [
        {
          trilha: {
            type: "LineString",
            coordinates: [
              [0, 0],
              [200, 0],
            ],
          },
        },
        "trilha",
        "coordinatesOutOfRange",
      ],
      [{ trilha: northLine(5_000, 0, 0, GEOMETRY_VERTICES_MAX) }, "trilha", "geometryTooManyPoints"],
      [{ trilha: { type: "LineString", coordinates: "0 0;1 1" } }, "trilha", "invalidGeometry"],
      [{ talhao: plot, ponto: { latitude: -29, longitude: -51.2 } }, "ponto", "constraintFailed"],
    ];
    const records = cases.map(([values]) => record({ applicationId, answers: answers(values) }));
    const { results } = await sync(owner, records);
    const outcome = results.map((result) => [
      result.status,
      Object.entries(result.errors ?? {}).map(([fieldId, error]) => [fieldId, error.key]),
    ]);
    expect(outcome).toEqual(cases.map(([, field, key]) => ["rejected", [[id[field], key]]]));
    for (const [, , key] of cases.slice(0, 6))
      for (const language of LANGUAGES) expect(translate(language, `fields:${key}`)).not.toBe(key);
    const kept = await db().select().from(formSubmissions).where(eq(formSubmissions.applicationId, applicationId));
    expect(kept).toHaveLength(3);
  });
});

describe("reading line and area answers", () => {
  it("serves them in the record detail as stored", async () => {
    const response = await owner.get(`/api/applications/${applicationId}/records/${stored.both}`);
    const body = (await response.json()) as { record: { answers: Record<string, unknown> } };
    expect(body.record.answers[id.trilha as string]).toEqual(track);
    expect(body.record.answers[id.talhao as string]).toEqual(plot);
  });

  it("puts them on the data map with the points, counting only records with neither as without location", async () => {
    // Zoomed in far enough to draw a 100 m square; few records, so each comes as its point (its location, else
    // the centre of its first line or area).
    const response = await owner.get(`/api/applications/${applicationId}/records/map-view?zoom=18`);
    const map = mapViewDataSchema.parse(await response.json());
    expect(map.points.map(([recordId]) => recordId).sort()).toEqual([stored.both, stored.areaOnly].sort());
    expect(map.shapes.map(([recordId, fieldId]) => `${recordId} ${fieldId}`).sort()).toEqual(
      [`${stored.both} ${id.trilha}`, `${stored.both} ${id.talhao}`, `${stored.areaOnly} ${id.talhao}`].sort(),
    );
    expect(map.withoutLocation).toBe(1);
    const overview = overviewMapViewDataSchema.parse(await (await owner.get("/api/overview/map-view?zoom=18")).json());
    expect(overview.groups.map((group) => [group.applicationId, group.shapes.length, group.withoutLocation])).toEqual([
      [applicationId, 3, 1],
    ]);
  });
});

describe("exports of line and area answers", () => {
  async function download(format: string): Promise<Buffer> {
    const response = await owner.get(`/api/applications/${applicationId}/export.${format}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }
  const trackWkt = `LINESTRING (${track.coordinates.map(([x, y]) => `${x} ${y}`).join(", ")})`;
  const plotWkt = `POLYGON ((${plot.coordinates[0].map(([x, y]) => `${x} ${y}`).join(", ")}))`;

  it("writes GeoJSON geometries: one feature per record, several geometries as a collection", async () => {
    const collection = JSON.parse((await download("geojson")).toString("utf8")) as {
      features: { id: string; geometry: unknown; properties: Record<string, unknown> }[];
    };
    const byId = new Map(collection.features.map((feature) => [feature.id, feature]));
    const both = byId.get(stored.both);
    assert(both);
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, stored.both));
    expect(both.geometry).toEqual({
      type: "GeometryCollection",
      geometries: [{ type: "Point", coordinates: [row?.longitude, row?.latitude] }, track, plot],
    });
    expect(both.properties.Trilha).toEqual(track);
    expect(byId.get(stored.areaOnly)?.geometry).toEqual(plot);
    expect(byId.get(stored.none)?.geometry).toBeNull();
  });

  it("writes KML LineString and Polygon placemarks that a KML reader reads back", async () => {
    const document = new DOMParser().parseFromString((await download("kml")).toString("utf8"), "text/xml");
    const collection = kmlToGeoJson(document);
    const byId = new Map(collection.features.map((feature) => [feature.properties?.["ID do registro"], feature]));
    expect([...byId.keys()]).toEqual([stored.both, stored.areaOnly]);
    const both = byId.get(stored.both)?.geometry;
    assert(both?.type === "GeometryCollection");
    expect(both.geometries.map((geometry) => geometry.type)).toEqual(["Point", "LineString", "Polygon"]);
    expect(both.geometries[1]).toEqual(track);
    expect(byId.get(stored.areaOnly)?.geometry).toEqual(plot);
    expect(byId.get(stored.areaOnly)?.properties?.["Talhão"]).toBe(plotWkt);
  });

  it("writes WKT in CSV and Excel cells", async () => {
    const rows = parseCsv<Record<string, string>>(await download("csv"), { bom: true, columns: true });
    const both = rows.find((row) => row["ID do registro"] === stored.both);
    expect([both?.Trilha, both?.["Talhão"], both?.Hectares]).toEqual([trackWkt, plotWkt, "1"]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download("xlsx")) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    assert(sheet);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = [2, 3, 4]
      .map((index) => sheet.getRow(index))
      .find((candidate) => candidate.getCell(1).value === stored.both);
    expect(row?.getCell(header.indexOf("Trilha") + 1).value).toBe(trackWkt);
    expect(row?.getCell(header.indexOf("Talhão") + 1).value).toBe(plotWkt);
  });

  it("serves WKT text through OData, typed Edm.String", async () => {
    const { token } = await createTestApiToken(db(), ownerId, [{ applicationId, access: "read" }]);
    const headers = { authorization: `Bearer ${token}` };
    const base = `/api/odata/applications/${applicationId}`;
    const feed = (await (await fetch(new URL(`${base}/Records`, server.url), { headers })).json()) as {
      value: Record<string, unknown>[];
    };
    const both = feed.value.find((entity) => entity.__id === stored.both);
    expect([both?.trilha, both?.talhao]).toEqual([trackWkt, plotWkt]);
    const metadata = await (await fetch(new URL(`${base}/$metadata`, server.url), { headers })).text();
    expect(metadata).toMatch(/<Property Name="trilha" Type="Edm.String"/);
  });

  it("sends the GeoJSON geometry in the webhook payload", async () => {
    const row = await findRecord(db(), { applicationId, submitterId: undefined }, stored.both);
    assert(row);
    const payload = webhookRecord(row, await loadRecordFields(db(), applicationId), "pt-BR", "https://campo.test");
    expect(payload.answers.Trilha).toEqual(track);
    expect(payload.answers["Talhão"]).toEqual(plot);
  });
});
