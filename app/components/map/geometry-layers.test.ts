import { describe, expect, it } from "vitest";
import { accuracyRadiusExpression, shapeFeatures } from "./geometry-layers.ts";

const A = [0, 0];
const B = [0.001, 0];
const C = [0.001, 0.001];

describe("shapeFeatures", () => {
  it("draws an area of three corners as a closed polygon, with its vertices when asked", () => {
    const features = shapeFeatures({ kind: "area", vertices: [A, B, C] }, true);
    expect(features.map((feature) => feature.geometry.type)).toEqual(["Polygon", "Point", "Point", "Point"]);
    expect(features[0]?.geometry).toEqual({ type: "Polygon", coordinates: [[A, B, C, A]] });
  });

  it("draws an area still under three corners, and any line, as the line so far", () => {
    expect(shapeFeatures({ kind: "area", vertices: [A, B] }, false).map((feature) => feature.geometry.type)).toEqual([
      "LineString",
    ]);
    expect(shapeFeatures({ kind: "line", vertices: [A, B, C] }, false).map((feature) => feature.geometry.type)).toEqual(
      ["LineString"],
    );
    expect(shapeFeatures({ kind: "line", vertices: [A] }, false)).toEqual([]);
  });
});

describe("accuracyRadiusExpression", () => {
  it("keeps the circle as wide as the accuracy on the ground: 10 m at the equator is ~2 px at zoom 14, doubling per zoom", () => {
    const [, , , , atZero, maxZoom, atMax] = accuracyRadiusExpression(10, 0);
    const at14 = atZero * 2 ** 14;
    // 40,075 km / (512 × 2^14) ≈ 4.78 m per pixel.
    expect(at14).toBeCloseTo(10 / 4.777, 2);
    expect(atMax).toBeCloseTo(atZero * 2 ** maxZoom);
  });

  it("grows towards the poles, where a pixel covers less ground", () => {
    expect(accuracyRadiusExpression(10, -60)[4]).toBeCloseTo(accuracyRadiusExpression(10, 0)[4] * 2, 6);
  });
});
