import { describe, expect, it } from "vitest";
import { snapPosition, SNAP_TOLERANCE_PX, type ScreenPoint } from "./snap.ts";
import type { LayerFeature } from "../map/team-layer.ts";

/** A flat test projection: 1 degree = 1000 px, y down like a screen. */
const project = ([longitude, latitude]: [number, number]): ScreenPoint => [longitude * 1000, -latitude * 1000];
const at = (longitude: number, latitude: number): ScreenPoint => project([longitude, latitude]);

const plot: LayerFeature = {
  type: "Feature",
  properties: { name: "Talhão" },
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [0, 0],
        [0.1, 0],
        [0.1, 0.1],
        [0, 0.1],
        [0, 0],
      ],
    ],
  },
};
const well: LayerFeature = { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [0.5, 0.5] } };
const road: LayerFeature = {
  type: "Feature",
  properties: {},
  geometry: {
    type: "MultiLineString",
    coordinates: [
      [
        [1, 0],
        [1, 1],
      ],
    ],
  },
};

describe("snapping a tap to the team's layers", () => {
  it("takes a vertex exactly when the tap is within the tolerance", () => {
    expect(snapPosition(at(0.1005, 0.0004), [plot], project)).toMatchObject({ position: [0.1, 0], kind: "vertex" });
    expect(snapPosition(at(0.505, 0.495), [plot, well], project)).toMatchObject({
      position: [0.5, 0.5],
      featureIndex: 1,
    });
  });

  it("prefers a vertex to a nearer edge, and the nearest of several vertices", () => {
    // 2 px from the bottom edge, 8 px from the corner: the corner wins.
    expect(snapPosition(at(0.008, 0.002), [plot], project)?.position).toEqual([0, 0]);
    expect(snapPosition(at(0.096, 0.0005), [plot], project)?.position).toEqual([0.1, 0]);
  });

  it("takes the nearest point of an edge when no vertex is near", () => {
    const snapped = snapPosition(at(0.05, 0.004), [plot], project);
    expect(snapped?.kind).toBe("edge");
    expect(snapped?.position[0]).toBeCloseTo(0.05, 9);
    expect(snapped?.position[1]).toBeCloseTo(0, 9);
    const onRoad = snapPosition(at(1.003, 0.4), [road], project);
    expect(onRoad?.position[0]).toBeCloseTo(1, 9);
    expect(onRoad?.position[1]).toBeCloseTo(0.4, 9);
  });

  it("leaves a tap alone past the tolerance, and with no layers", () => {
    const away = (SNAP_TOLERANCE_PX + 1) / 1000;
    expect(snapPosition(at(0.05, -away), [plot], project)).toBeNull();
    expect(snapPosition(at(0.5 + away, 0.5), [well], project)).toBeNull();
    expect(snapPosition(at(0, 0), [], project)).toBeNull();
  });

  it("follows the zoom: the same geographic miss snaps when zoomed out, not when zoomed in", () => {
    const zoomedIn = ([longitude, latitude]: [number, number]): ScreenPoint => [
      longitude * 100_000,
      -latitude * 100_000,
    ];
    const tap: [number, number] = [0.0002, 0.0002];
    expect(snapPosition(project(tap), [plot], project)?.position).toEqual([0, 0]);
    expect(snapPosition(zoomedIn(tap), [plot], zoomedIn)).toBeNull();
  });
});
