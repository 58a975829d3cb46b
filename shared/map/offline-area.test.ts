import { describe, expect, it } from "vitest";
import {
  bboxAreaKm2,
  countTiles,
  estimateBytes,
  offlineAreaInputSchema,
  OFFLINE_MAX_TILES,
  tileAt,
  tileRanges,
  tilesOf,
} from "./offline-area.ts";

const WORLD = { west: -180, south: -85.05, east: 180, north: 85.05 };

describe("offline area tiles", () => {
  it("finds the tile of a point with the slippy-map formula", () => {
    expect(tileAt(0, 0, 0)).toEqual({ x: 0, y: 0 });
    expect(tileAt(0.1, -0.1, 1)).toEqual({ x: 1, y: 1 });
    expect(tileAt(-0.1, 0.1, 1)).toEqual({ x: 0, y: 0 });
    // Brasília's Esplanada, worked out by hand with the asinh form of the formula (y = (1 − asinh(tan φ)/π)/2 · 2^z).
    expect(tileAt(-47.8625, -15.7998, 10)).toEqual({ x: 375, y: 557 });
    expect(tileAt(-47.8625, -15.7998, 15)).toEqual({ x: 12027, y: 17840 });
    // The poles and the antimeridian clamp to the grid's edge instead of leaving it.
    expect(tileAt(180, -90, 3)).toEqual({ x: 7, y: 7 });
  });

  it("covers the world with every tile of each zoom", () => {
    const ranges = tileRanges(WORLD, 0, 2);
    expect(ranges.map((range) => range.z)).toEqual([0, 1, 2]);
    expect(countTiles(ranges)).toBe(1 + 4 + 16);
    expect([...tilesOf(ranges)]).toHaveLength(21);
    expect([...tilesOf(ranges)][0]).toEqual({ z: 0, x: 0, y: 0 });
  });

  it("counts the columns × rows of a small box astride a tile corner", () => {
    const box = { west: -0.01, south: -0.01, east: 0.01, north: 0.01 };
    expect(countTiles(tileRanges(box, 1, 1))).toBe(4);
    // At zoom 5 the box still straddles the same corner: 2 × 2 again.
    expect(countTiles(tileRanges(box, 5, 5))).toBe(4);
    expect([...tilesOf(tileRanges(box, 1, 1))]).toEqual([
      { z: 1, x: 0, y: 0 },
      { z: 1, x: 0, y: 1 },
      { z: 1, x: 1, y: 0 },
      { z: 1, x: 1, y: 1 },
    ]);
  });

  it("grows about fourfold per zoom for a 50 km² area", () => {
    // ~7.07 km × 7.07 km around Brasília.
    const box = { west: -47.93, south: -15.83, east: -47.864, north: -15.766 };
    expect(bboxAreaKm2(box)).toBeGreaterThan(49);
    expect(bboxAreaKm2(box)).toBeLessThan(51);
    const perZoom = tileRanges(box, 14, 16).map((range) => countTiles([range]));
    expect(perZoom[2]! / perZoom[0]!).toBeGreaterThan(8);
    expect(estimateBytes(100, "pmtiles")).toBe(3_000_000);
    expect(estimateBytes(100, "raster")).toBe(1_500_000);
  });
});

describe("a team area's input", () => {
  const area = {
    name: "Fazenda",
    bbox: { west: -48, south: -16, east: -47.9, north: -15.9 },
    minZoom: 10,
    maxZoom: 14,
  };
  it("accepts a box and a zoom range", () => {
    expect(offlineAreaInputSchema.safeParse(area).success).toBe(true);
  });
  it("refuses an empty box, an upside-down zoom range and a download over the tile cap", () => {
    expect(offlineAreaInputSchema.safeParse({ ...area, bbox: { ...area.bbox, east: -48 } }).success).toBe(false);
    expect(offlineAreaInputSchema.safeParse({ ...area, minZoom: 15 }).success).toBe(false);
    const country = { ...area, bbox: { west: -74, south: -34, east: -34, north: 5 }, minZoom: 0, maxZoom: 12 };
    expect(countTiles(tileRanges(country.bbox, 0, 12))).toBeGreaterThan(OFFLINE_MAX_TILES);
    expect(offlineAreaInputSchema.safeParse(country).success).toBe(false);
  });
});
