import { describe, expect, it } from "vitest";
import {
  CLUSTER_CELL_PX,
  MAX_CELLS_ACROSS,
  WORLD,
  clusterCell,
  clusterCellRadians,
  degreesPerPixel,
  mapViewQuerySchema,
  mercatorY,
  viewBbox,
} from "./map-view.ts";

describe("the view's parameters", () => {
  it("reads a zoom and a bbox of four numbers in range", () => {
    expect(mapViewQuerySchema.parse({ zoom: "12.5", bbox: "-46.7,-23.6,-46.5,-23.4" })).toEqual({
      zoom: 12.5,
      bbox: [-46.7, -23.6, -46.5, -23.4],
    });
    expect(mapViewQuerySchema.parse({ zoom: "0" })).toEqual({ zoom: 0 });
  });

  it.each([
    [{}, "zoom"],
    [{ zoom: "-1" }, "zoom"],
    [{ zoom: "23" }, "zoom"],
    [{ zoom: "abc" }, "zoom"],
    [{ zoom: "3", bbox: "1,2,3" }, "bbox"],
    [{ zoom: "3", bbox: "1,2,3,4,5" }, "bbox"],
    [{ zoom: "3", bbox: "a,b,c,d" }, "bbox"],
    [{ zoom: "3", bbox: "0,,1,1" }, "bbox"],
    [{ zoom: "3", bbox: "-181,0,0,1" }, "bbox"],
    [{ zoom: "3", bbox: "0,-91,1,1" }, "bbox"],
    [{ zoom: "3", bbox: "10,0,5,1" }, "bbox"],
    [{ zoom: "3", bbox: "0,5,1,1" }, "bbox"],
  ])("refuses %j", (input, param) => {
    const result = mapViewQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(param);
  });
});

describe("the cluster grid", () => {
  it("measures a pixel as a 256-pixel tile does", () => {
    expect(degreesPerPixel(0)).toBe(360 / 256);
    expect(degreesPerPixel(10)).toBeCloseTo(360 / 256 / 1024, 12);
  });

  it("stretches latitudes as Web Mercator does, and clamps the poles", () => {
    expect(mercatorY(0)).toBeCloseTo(0, 12);
    expect(mercatorY(45)).toBeCloseTo(0.8814, 4);
    expect(mercatorY(-45)).toBeCloseTo(-0.8814, 4);
    expect(Number.isFinite(mercatorY(90))).toBe(true);
    expect(mercatorY(90)).toBe(mercatorY(89));
  });

  it("cuts a view in cells of about 64 pixels at its whole zoom", () => {
    const bbox: [number, number, number, number] = [-46.7, -23.6, -46.6, -23.5];
    const cell = clusterCellRadians(14.7, bbox);
    expect(cell).toBeCloseTo((CLUSTER_CELL_PX * degreesPerPixel(14) * Math.PI) / 180, 12);
    // The same cell while the map zooms between two levels: clusters stay put.
    expect(clusterCellRadians(14.2, bbox)).toBe(cell);
  });

  it("never cuts a view in more than 48 cells across, whatever zoom it claims", () => {
    const cell = clusterCellRadians(22, WORLD);
    expect((2 * Math.PI) / cell).toBeLessThanOrEqual(MAX_CELLS_ACROSS);
    const [xWest] = clusterCell(-180, 0, cell);
    const [xEast] = clusterCell(179.999, 0, cell);
    expect(xEast - xWest + 1).toBeLessThanOrEqual(MAX_CELLS_ACROSS);
  });

  it("puts nearby positions in one cell and far ones apart, the same for every view", () => {
    const cell = clusterCellRadians(10, [-47, -24, -46, -23]);
    expect(clusterCell(-46.6, -23.5, cell)).toEqual(clusterCell(-46.6001, -23.5001, cell));
    expect(clusterCell(-46.6, -23.5, cell)).not.toEqual(clusterCell(-46.0, -23.5, cell));
  });
});

describe("a map's bounds as a bbox", () => {
  it("keeps a view inside the world as it is", () => {
    expect(viewBbox(-47, -24, -46, -23)).toEqual([-47, -24, -46, -23]);
  });

  it("clamps a view past the antimeridian, and a view wider than the world is the world", () => {
    expect(viewBbox(170, -10, 190, 10)).toEqual([170, -10, 180, 10]);
    expect(viewBbox(-400, -100, 400, 100)).toEqual([-180, -90, 180, 90]);
  });
});
