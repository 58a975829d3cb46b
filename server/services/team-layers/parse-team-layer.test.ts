import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error.ts";
import { parseTeamLayer } from "./parse-team-layer.ts";
import { PLOTS_GEOJSON, PLOTS_KML } from "../../../shared/map/team-layer-samples.ts";
import {
  TEAM_LAYER_FEATURES_MAX,
  TEAM_LAYER_MAX_BYTES,
  TEAM_LAYER_VERTICES_MAX,
} from "../../../shared/map/team-layer.ts";

async function refusal(fileName: string, content: string): Promise<string> {
  try {
    await parseTeamLayer(fileName, content);
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  throw new Error("accepted");
}

const point = (longitude: number, latitude: number) => ({
  type: "Feature",
  properties: {},
  geometry: { type: "Point", coordinates: [longitude, latitude] },
});
const collection = (features: unknown[]) => JSON.stringify({ type: "FeatureCollection", features });

describe("reading a team layer", () => {
  it("reads a Google Earth KML: polygons closed, MultiGeometry split, altitude and empty placemarks dropped", async () => {
    const layer = await parseTeamLayer("talhoes.kml", PLOTS_KML);
    expect(layer.format).toBe("kml");
    expect(layer.features.features).toEqual([
      {
        type: "Feature",
        properties: { name: "Talhão 1" },
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [-47.9, -15.8],
              [-47.899, -15.8],
              [-47.899, -15.799],
              [-47.9, -15.799],
              [-47.9, -15.8],
            ],
          ],
        },
      },
      {
        type: "Feature",
        properties: { name: "Estrada e porteira" },
        geometry: {
          type: "LineString",
          coordinates: [
            [-47.901, -15.801],
            [-47.898, -15.801],
          ],
        },
      },
      {
        type: "Feature",
        properties: { name: "Estrada e porteira" },
        geometry: { type: "Point", coordinates: [-47.8985, -15.801] },
      },
    ]);
    expect(layer.vertexCount).toBe(8);
    expect(layer.bbox).toEqual({ west: -47.901, south: -15.801, east: -47.898, north: -15.799 });
  });

  it("reads GeoJSON keeping only names (numbers as text), from a collection, a feature or a bare geometry", async () => {
    const layer = await parseTeamLayer("talhoes.geojson", PLOTS_GEOJSON);
    expect(layer.features.features.map((feature) => feature.properties)).toEqual([
      { name: "Talhão 1" },
      { name: "12" },
    ]);
    expect((await parseTeamLayer("p.json", JSON.stringify(point(1, 2)))).features.features).toHaveLength(1);
    expect(
      (
        await parseTeamLayer(
          "p.geojson",
          JSON.stringify({
            type: "LineString",
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          }),
        )
      ).vertexCount,
    ).toBe(2);
  });

  it("refuses malformed files with their own codes", async () => {
    expect(await refusal("a.kml", "<kml><Placemark>")).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.kml", "<gpx></gpx>")).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.kml", "not xml at all")).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.geojson", "{ nope")).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.geojson", "[1,2]")).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.geojson", collection([{ type: "Feature", geometry: { type: "Circle" } }]))).toBe(
      "TEAM_LAYER_UNREADABLE",
    );
    expect(
      await refusal("a.geojson", collection([{ ...point(0, 0), geometry: { type: "Point", coordinates: ["a", 1] } }])),
    ).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.shp", PLOTS_GEOJSON)).toBe("TEAM_LAYER_UNREADABLE");
    expect(await refusal("a.geojson", collection([]))).toBe("TEAM_LAYER_EMPTY");
  });

  it("does not expand a DTD's entities (an XML bomb is refused, not expanded)", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <kml><Placemark><name>&b;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;
    expect(await refusal("bomb.kml", bomb)).toBe("TEAM_LAYER_UNREADABLE");
  });

  it("refuses deeply nested geometry collections without overflowing the stack", async () => {
    const depth = 5000;
    const deep =
      '{"type":"GeometryCollection","geometries":['.repeat(depth) +
      '{"type":"Point","coordinates":[0,0]}' +
      "]}".repeat(depth);
    expect(await refusal("deep.geojson", deep)).toBe("TEAM_LAYER_UNREADABLE");
  });

  it("refuses coordinates out of range (a projected file, UTM metres)", async () => {
    expect(await refusal("utm.geojson", collection([point(185_000, 8_250_000)]))).toBe("TEAM_LAYER_OUT_OF_RANGE");
    expect(
      await refusal("a.kml", "<kml><Placemark><Point><coordinates>-47,-91</coordinates></Point></Placemark></kml>"),
    ).toBe("TEAM_LAYER_OUT_OF_RANGE");
  });

  it("refuses past the size, feature and vertex caps", async () => {
    expect(await refusal("big.geojson", " ".repeat(TEAM_LAYER_MAX_BYTES + 1))).toBe("TEAM_LAYER_TOO_LARGE");
    const many = Array.from({ length: TEAM_LAYER_FEATURES_MAX + 1 }, () => point(1, 1));
    expect(await refusal("many.geojson", collection(many))).toBe("TEAM_LAYER_TOO_MANY_FEATURES");
    const long = Array.from({ length: TEAM_LAYER_VERTICES_MAX + 1 }, (_, index) => [0, (index % 90) / 2]);
    expect(await refusal("long.geojson", JSON.stringify({ type: "LineString", coordinates: long }))).toBe(
      "TEAM_LAYER_TOO_MANY_FEATURES",
    );
  });
});
