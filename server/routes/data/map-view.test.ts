/**
 * GET …/records/map-view over HTTP (issues 25 and 27): the data map per view. Few records in view come one by one
 * with their ids and exact places; many come as grid clusters whose counts add up to the filtered total; the filter
 * and the reader's scope apply as on the list; lines and areas (inside repeats too) are placed and drawn; bad input is
 * a 400 from the error catalogue.
 */
import { sql } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { applications, formFields, userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { insertSubmission, signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { RecordPage } from "../../../shared/records/record-view.ts";
import {
  MAP_VIEW_RECORD_LIMIT,
  clusterCell,
  clusterCellRadians,
  type MapViewData,
} from "../../../shared/map/map-view.ts";
import { squareArea, northLine } from "../../../shared/geo/test-shapes.ts";
import { seedDataFixture, type DataFixture } from "../../test-support/fixtures/data-fixtures.ts";

let server: TestServer;
let data: DataFixture;
let owner: HttpClient;
let ownerId: string;
/** The dense application: a grid of located records, more than the map sends one by one. */
let dense: string;
const DENSE = MAP_VIEW_RECORD_LIMIT + 500;
const field: Record<"area" | "trees" | "track", string> = { area: "", trees: "", track: "" };
const shaped: Record<"bigArea" | "repeatTrack", string> = { bigArea: "", repeatTrack: "" };
const db = () => server.context.database.db;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  data = await seedDataFixture(server, "mapview");
  owner = server.client();
  ownerId = (await signUpAs(owner, "mapa-denso@campo.test")).id;
  await db()
    .insert(userLimits)
    .values({ userId: ownerId, maxSubmissions: DENSE + 10 });
  const [application] = await db().insert(applications).values({ ownerId, name: "Mapa denso" }).returning();
  assert(application);
  dense = application.id;
  const rows = await db()
    .insert(formFields)
    .values(
      [
        { fieldType: "area" as const, label: "Talhão", name: "talhao", parentName: null },
        { fieldType: "repeat" as const, label: "Árvores", name: "arvores", parentName: null },
        { fieldType: "line" as const, label: "Trilha", name: "trilha", parentName: "arvores" },
      ].map((row, position) => ({ ...row, config: {}, applicationId: dense, position })),
    )
    .returning();
  const byName = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  field.area = byName.talhao as string;
  field.trees = byName.arvores as string;
  field.track = byName.trilha as string;
  // A 50 × 50 grid of records 0.001° apart south-west of São Paulo, in one statement; every tenth one says "dez".
  await db().execute(sql`
    insert into form_submissions (id, application_id, owner_id, submitter_id, answers, payload_hash, latitude, longitude)
    select gen_random_uuid(), ${dense}::uuid, ${ownerId}::uuid, ${ownerId}::uuid,
      case when g % 10 = 0 then '{"marca": "dez"}'::jsonb else '{}'::jsonb end, md5('dense' || g),
      -23.5 - (g % 50) / 1000.0, -46.6 - (g / 50) / 1000.0
    from generate_series(0, ${DENSE - 1}) g`);
  // No location: a 1 km² area far north (placed at its centre), and a track answered inside a repeat entry.
  shaped.bigArea = await insertSubmission(db(), {
    applicationId: dense,
    ownerId,
    submitterId: ownerId,
    answers: { [field.area]: squareArea(1000, -10, -50) },
  });
  shaped.repeatTrack = await insertSubmission(db(), {
    applicationId: dense,
    ownerId,
    submitterId: ownerId,
    answers: { [field.trees]: [{}, { [field.track]: northLine(2000, -5, -40, 5) }] },
  });
  await insertSubmission(db(), { applicationId: dense, ownerId, submitterId: ownerId, answers: {} });
}, 120_000);
afterAll(() => server.stop());

async function view(client: HttpClient, applicationId: string, query: string): Promise<MapViewData> {
  const response = await client.get(`/api/applications/${applicationId}/records/map-view?${query}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as MapViewData;
}

async function total(client: HttpClient, applicationId: string, filter = ""): Promise<number> {
  const response = await client.get(`/api/applications/${applicationId}/records?limit=1&${filter}`);
  return ((await response.json()) as RecordPage).total;
}

const placed = (map: MapViewData) => map.clusters.reduce((sum, cluster) => sum + cluster[2], map.points.length);

describe("a view with few records", () => {
  it("sends each record with its id and place, and the whole world's extent and unplaced count", async () => {
    const map = await view(data.clients.owner, data.applicationId, "zoom=3");
    expect(map.clusters).toEqual([]);
    expect(map.points).toHaveLength(9);
    expect(map.total).toBe(9);
    expect(map.withoutLocation).toBe(6);
    expect(map.points).toContainEqual([data.ownerRecords[2], -46.62, -23.52]);
    const lons = map.points.map(([, lon]) => lon);
    const lats = map.points.map(([, , lat]) => lat);
    expect(map.extent).toEqual([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]);
  });

  it("keeps only what the view holds, without the extent", async () => {
    const [, lon, lat] = (await view(data.clients.owner, data.applicationId, "zoom=3")).points[0] ?? [];
    assert(lon !== undefined && lat !== undefined);
    const near = await view(
      data.clients.owner,
      data.applicationId,
      `zoom=14&bbox=${lon - 0.001},${lat - 0.001},${lon + 0.001},${lat + 0.001}`,
    );
    expect(near.points.every(([, pointLon, pointLat]) => pointLon === lon && pointLat === lat)).toBe(true);
    expect(near.total).toBe(near.points.length);
    expect(near.extent).toBeUndefined();
    const empty = await view(data.clients.owner, data.applicationId, "zoom=10&bbox=10,10,11,11");
    expect(empty).toEqual({ clusters: [], points: [], shapes: [], total: 0 });
  });

  it("applies the filter and the reader's scope as the list does", async () => {
    const filter = `q=${encodeURIComponent("Verde")}`;
    const filtered = await view(data.clients.owner, data.applicationId, `zoom=3&${filter}`);
    expect(filtered.total + (filtered.withoutLocation ?? 0)).toBe(
      await total(data.clients.owner, data.applicationId, filter),
    );
    expect(filtered.total).toBeLessThan(9);
    const own = await view(data.clients.collaborator, data.applicationId, "zoom=3");
    expect(own.points.map(([id]) => id).every((id) => data.collaboratorRecords.includes(id))).toBe(true);
    expect(own.total + (own.withoutLocation ?? 0)).toBe(data.collaboratorRecords.length);
    expect(
      (await data.clients.outsider.get(`/api/applications/${data.applicationId}/records/map-view?zoom=3`)).status,
    ).toBe(404);
  });
});

describe("a view with many records", () => {
  it("sends grid clusters whose counts add up to the filtered total", async () => {
    const map = await view(owner, dense, "zoom=3");
    const all = await total(owner, dense);
    expect(map.withoutLocation).toBe(1);
    expect(map.total).toBe(all - 1);
    expect(placed(map)).toBe(all - 1);
    expect(map.clusters.length).toBeGreaterThan(0);
    // The far-away area and the repeat's track are alone in their cells: they come as their records.
    expect(map.points.map(([id]) => id).sort()).toEqual([shaped.bigArea, shaped.repeatTrack].sort());
    for (const [lon, lat, , west, south, east, north] of map.clusters) {
      expect(lon).toBeGreaterThanOrEqual(west);
      expect(lon).toBeLessThanOrEqual(east);
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThanOrEqual(north);
    }
    const tens = await view(owner, dense, "zoom=3&q=dez");
    expect(placed(tens)).toBe(DENSE / 10);
    expect(tens.clusters).toEqual([]);
  });

  it("splits the clusters finer as the map zooms in, still adding up", async () => {
    const bbox = "bbox=-46.66,-23.56,-46.59,-23.49";
    const coarse = await view(owner, dense, `zoom=10&${bbox}`);
    const fine = await view(owner, dense, `zoom=15&${bbox}`);
    expect(placed(coarse)).toBe(DENSE);
    expect(placed(fine)).toBe(DENSE);
    expect(fine.clusters.length).toBeGreaterThan(coarse.clusters.length);
    // The SQL's grid is the shared one: each cluster's records lie in one cell of shared/map/map-view.ts.
    const cell = clusterCellRadians(15, [-46.66, -23.56, -46.59, -23.49]);
    for (const [, , , west, south, east, north] of fine.clusters)
      expect(clusterCell(west, south, cell)).toEqual(clusterCell(east, north, cell));
  });

  it("sends the exact records once the view holds few of them", async () => {
    const map = await view(owner, dense, "zoom=17&bbox=-46.6005,-23.5035,-46.5995,-23.4995");
    expect(map.clusters).toEqual([]);
    // Column g / 50 = 0 (longitude -46.6), rows g % 50 = 0…3 (latitudes -23.5 … -23.503).
    // The grid's records share their creation instant: sorted here by latitude, north first.
    expect(map.points.map(([, lon, lat]) => [lon, lat]).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))).toEqual([
      [-46.6, -23.5],
      [-46.6, -23.501],
      [-46.6, -23.502],
      [-46.6, -23.503],
    ]);
    const [first] = map.points;
    assert(first);
    const detail = await owner.get(`/api/applications/${dense}/records/${first[0]}`);
    expect(detail.status).toBe(200);
  });

  it("a view wider than the grid's cap still sends a bounded number of cells", async () => {
    const map = await view(owner, dense, "zoom=22");
    expect(map.clusters.length + map.points.length).toBeLessThanOrEqual(48 * 48);
    expect(placed(map)).toBe(DENSE + 2);
  });
});

describe("lines and areas", () => {
  it("draws a line answered inside a repeat and an area when large enough on screen, and places their records", async () => {
    const near = await view(owner, dense, "zoom=12&bbox=-50.1,-10.1,-39.9,-4.9");
    expect(near.points.map(([id]) => id).sort()).toEqual([shaped.bigArea, shaped.repeatTrack].sort());
    const shapes = Object.fromEntries(
      near.shapes.map(([id, fieldId, geometry]) => [id, { fieldId, type: geometry.type }]),
    );
    expect(shapes).toEqual({
      [shaped.bigArea]: { fieldId: field.area, type: "Polygon" },
      [shaped.repeatTrack]: { fieldId: field.track, type: "LineString" },
    });
    // From afar a 1 km area is a few pixels: its record is a point, its outline is not sent.
    const far = await view(owner, dense, "zoom=3&bbox=-60,-20,-30,0");
    expect(far.shapes).toEqual([]);
    expect(far.points.map(([id]) => id).sort()).toEqual([shaped.bigArea, shaped.repeatTrack].sort());
  });
});

describe("bad input", () => {
  it.each([
    ["no zoom", ""],
    ["a zoom too deep", "zoom=99"],
    ["a bbox of three numbers", "zoom=3&bbox=1,2,3"],
    ["a bbox of words", "zoom=3&bbox=a,b,c,d"],
    ["a bbox west of its own east", "zoom=3&bbox=10,0,5,1"],
    ["a latitude off the globe", "zoom=3&bbox=0,-95,1,1"],
    ["an empty coordinate", "zoom=3&bbox=0,,1,1"],
  ])("refuses %s with the catalogue's 400", async (_, query) => {
    const response = await owner.get(`/api/applications/${dense}/records/map-view?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
  });
});
