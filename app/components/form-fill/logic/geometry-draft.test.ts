import { describe, expect, it } from "vitest";
import type { Position } from "../../../../shared/geo/geometry-answer.ts";
import { geometryValue, isGeometryValue, roundPosition, verticesOf } from "./geometry-draft.ts";

const A: Position = [-47.9, -15.8];
const B: Position = [-47.899, -15.8];
const C: Position = [-47.899, -15.799];

describe("geometryValue", () => {
  it("is no answer without vertices", () => {
    expect(geometryValue("line", [])).toBeNull();
    expect(geometryValue("area", [])).toBeNull();
  });

  it("makes a line's vertices its coordinates", () => {
    expect(geometryValue("line", [A, B])).toEqual({ type: "LineString", coordinates: [A, B] });
  });

  it("closes an area's ring so the collector never taps the first corner again", () => {
    expect(geometryValue("area", [A, B, C])).toEqual({ type: "Polygon", coordinates: [[A, B, C, A]] });
  });

  it("keeps a shape with too few vertices, for validation to name and a draft to restore", () => {
    expect(geometryValue("area", [A, B])).toEqual({ type: "Polygon", coordinates: [[A, B, A]] });
    expect(geometryValue("line", [A])).toEqual({ type: "LineString", coordinates: [A] });
  });
});

describe("verticesOf", () => {
  it("reads back what geometryValue wrote", () => {
    expect(verticesOf(geometryValue("line", [A, B, C]))).toEqual([A, B, C]);
    expect(verticesOf(geometryValue("area", [A, B, C]))).toEqual([A, B, C]);
    expect(verticesOf(geometryValue("area", [A]))).toEqual([A]);
  });

  it("takes an open ring as it is, and anything else as no vertices", () => {
    expect(verticesOf({ type: "Polygon", coordinates: [[A, B, C]] })).toEqual([A, B, C]);
    expect(verticesOf({ latitude: 1, longitude: 2 })).toEqual([]);
    expect(verticesOf(null)).toEqual([]);
    expect(isGeometryValue({ type: "Point", coordinates: A })).toBe(false);
  });
});

describe("roundPosition", () => {
  it("keeps 7 decimals (about 1 cm)", () => {
    expect(roundPosition(-47.123456789, -15.987654321)).toEqual([-47.1234568, -15.9876543]);
  });
});
