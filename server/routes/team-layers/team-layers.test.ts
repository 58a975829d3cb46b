import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teamLayers } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { PLOTS_GEOJSON, PLOTS_KML } from "../../../shared/map/team-layer-samples.ts";
import {
  TEAM_LAYER_MAX_BYTES,
  TEAM_LAYERS_MAX,
  type LayerFeatureCollection,
  type TeamLayerDto,
  type TeamLayersDto,
} from "../../../shared/map/team-layer.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";

describe("team layers", () => {
  let server: TestServer;
  let owner: HttpClient;
  let collector: HttpClient;
  let stranger: HttpClient;
  let applicationId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    collector = server.client();
    stranger = server.client();
    const ownerUser = await signUpAs(owner, "camadas-dona@campo.test");
    const collectorUser = await signUpAs(collector, "camadas-coleta@campo.test");
    await signUpAs(stranger, "camadas-outro@campo.test");
    applicationId = (await createApplicationVia(owner, applicationForm("Talhões"))).application.id;
    await grantRole(server.context.database.db, {
      ownerId: ownerUser.id,
      userId: collectorUser.id,
      email: collectorUser.email,
      applicationId,
      role: "collaborator",
    });
  });
  afterAll(() => server.stop());
  const path = () => `/api/applications/${applicationId}/team-layers`;
  const stored = async () =>
    server.context.database.db.select().from(teamLayers).where(eq(teamLayers.applicationId, applicationId));

  it("stores an administrator's KML layer that collectors list and read as GeoJSON", async () => {
    const created = await owner.post(path(), {
      name: "Talhões",
      color: "#FF0000",
      fileName: "talhoes.kml",
      content: PLOTS_KML,
    });
    expect(created.status).toBe(201);
    const layer = (await created.json()) as TeamLayerDto;
    expect(layer).toMatchObject({ name: "Talhões", color: "#ff0000", format: "kml", featureCount: 3, vertexCount: 8 });

    const listed = (await (await collector.get(path())).json()) as TeamLayersDto;
    expect(listed.layers).toEqual([layer]);
    const features = await collector.get(`${path()}/${layer.id}/features`);
    expect(features.status).toBe(200);
    expect(features.headers.get("cache-control")).toContain("immutable");
    const collection = (await features.json()) as LayerFeatureCollection;
    expect(collection.features[0]?.geometry.type).toBe("Polygon");
    expect(collection.features[2]?.geometry).toEqual({ type: "Point", coordinates: [-47.8985, -15.801] });
  });

  it("reads GeoJSON too, with the default colour", async () => {
    const created = await owner.post(path(), { name: "Áreas", fileName: "areas.geojson", content: PLOTS_GEOJSON });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ format: "geojson", featureCount: 2, color: "#7c3aed" });
  });

  it("refuses malformed, out-of-range, empty and oversized files with their codes and stores nothing", async () => {
    const before = (await stored()).length;
    const cases: [string, string, number, string][] = [
      ["a.kml", "<kml><Placemark>", 400, "TEAM_LAYER_UNREADABLE"],
      ["a.geojson", '{"type":"FeatureCollection","features":', 400, "TEAM_LAYER_UNREADABLE"],
      ["a.geojson", '{"type":"Point","coordinates":[500000,8000000]}', 400, "TEAM_LAYER_OUT_OF_RANGE"],
      ["a.geojson", '{"type":"FeatureCollection","features":[]}', 400, "TEAM_LAYER_EMPTY"],
      ["a.docx", PLOTS_GEOJSON, 400, "TEAM_LAYER_UNREADABLE"],
      ["big.geojson", " ".repeat(TEAM_LAYER_MAX_BYTES + 10), 413, "TEAM_LAYER_TOO_LARGE"],
    ];
    for (const [fileName, content, status, code] of cases) {
      const response = await owner.post(path(), { name: "Ruim", fileName, content });
      expect({ fileName, status: response.status }).toEqual({ fileName, status });
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const huge = await owner.post(path(), {
      name: "Enorme",
      fileName: "x.geojson",
      content: '"'.repeat(TEAM_LAYER_MAX_BYTES * 2),
    });
    expect(huge.status).toBe(413);
    expect((await owner.post(path(), { name: "", fileName: "a.kml", content: PLOTS_KML })).status).toBe(400);
    expect((await owner.post(path(), { name: "x", color: "red", fileName: "a.kml", content: PLOTS_KML })).status).toBe(
      400,
    );
    expect((await stored()).length).toBe(before);
  });

  it("renames, recolours and removes for administrators only", async () => {
    const { layers } = (await (await owner.get(path())).json()) as TeamLayersDto;
    const first = layers[0]!;
    expect((await collector.patch(`${path()}/${first.id}`, { name: "Meu" })).status).toBe(403);
    expect((await collector.delete(`${path()}/${first.id}`)).status).toBe(403);
    expect((await collector.post(path(), { name: "x", fileName: "a.kml", content: PLOTS_KML })).status).toBe(403);
    expect((await stranger.get(path())).status).toBe(404);
    expect((await stranger.get(`${path()}/${first.id}/features`)).status).toBe(404);

    const renamed = await owner.patch(`${path()}/${first.id}`, { name: "Talhões 2026", color: "#00AA00" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: first.id, name: "Talhões 2026", color: "#00aa00" });
    expect((await owner.patch(`${path()}/${first.id}`, {})).status).toBe(400);

    expect((await owner.delete(`${path()}/${first.id}`)).status).toBe(204);
    expect((await owner.delete(`${path()}/${first.id}`)).status).toBe(404);
    expect((await collector.get(`${path()}/${first.id}/features`)).status).toBe(404);
    expect((await owner.get(`${path()}/not-a-uuid/features`)).status).toBe(404);
  });

  it("holds at most the per-application number of layers", async () => {
    const present = (await stored()).length;
    for (let index = present; index < TEAM_LAYERS_MAX; index++)
      expect(
        (await owner.post(path(), { name: `Camada ${index}`, fileName: "a.geojson", content: PLOTS_GEOJSON })).status,
      ).toBe(201);
    const over = await owner.post(path(), { name: "Demais", fileName: "a.geojson", content: PLOTS_GEOJSON });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe("TEAM_LAYERS_LIMIT_REACHED");
  });
});
