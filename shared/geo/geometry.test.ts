import { describe, expect, it } from "vitest";
import {
  GEOMETRY_VERTICES_MAX,
  areaAnswerSchema,
  geometryAnswerError,
  lineAnswerSchema,
  type AreaAnswer,
  type Position,
} from "./geometry-answer.ts";
import {
  bearingDegrees,
  distanceMeters,
  lineLengthMeters,
  pointInPolygon,
  polygonAreaSquareMeters,
  polygonPerimeterMeters,
} from "./geometry-measure.ts";
import { formatArea, formatLength } from "./geometry-format.ts";
import { geometryToOdkText, odkTextPositions } from "./geometry-text.ts";
import { geometryToWkt } from "./geometry-wkt.ts";
import { northLine, squareArea } from "./test-shapes.ts";
import { validateAnswer } from "../fields/answer-validation.ts";
import { designedFieldSchema, type ValidatableField } from "../fields/field-config.ts";
import { exportValue, formatAnswer } from "../records/answer-format.ts";

function ring(...positions: Position[]): AreaAnswer {
  return { type: "Polygon", coordinates: [positions] };
}

describe("line and area answers", () => {
  it("accepts a line of two points and a closed triangle, altitude allowed", () => {
    expect(
      geometryAnswerError("line", {
        type: "LineString",
        coordinates: [
          [-47.9, -15.8],
          [-47.8, -15.7, 1100],
        ],
      }),
    ).toBeNull();
    expect(geometryAnswerError("area", ring([0, 0], [1, 0], [0, 1], [0, 0]))).toBeNull();
    expect(lineAnswerSchema.parse(northLine(10, 0)).type).toBe("LineString");
    expect(areaAnswerSchema.parse(squareArea(100, -30)).type).toBe("Polygon");
  });

  it("refuses too few vertices, counting an area's distinct corners", () => {
    expect(geometryAnswerError("line", { type: "LineString", coordinates: [[0, 0]] })).toEqual({
      key: "geometryTooFewPoints",
      params: { min: 2 },
    });
    expect(geometryAnswerError("area", ring([0, 0], [1, 0], [0, 0]))).toEqual({
      key: "geometryTooFewPoints",
      params: { min: 3 },
    });
    // A vertex repeated in a row (standing still while walking) is not a corner.
    expect(geometryAnswerError("area", ring([0, 0], [1, 0], [1, 0], [0, 0]))).toEqual({
      key: "geometryTooFewPoints",
      params: { min: 3 },
    });
  });

  it("refuses more than GEOMETRY_VERTICES_MAX vertices", () => {
    const long = northLine(10_000, 0, 0, GEOMETRY_VERTICES_MAX);
    expect(geometryAnswerError("line", long)).toEqual({
      key: "geometryTooManyPoints",
      params: { max: GEOMETRY_VERTICES_MAX },
    });
    expect(geometryAnswerError("line", northLine(10_000, 0, 0, GEOMETRY_VERTICES_MAX - 1))).toBeNull();
  });

  it("refuses an unclosed ring", () => {
    expect(geometryAnswerError("area", ring([0, 0], [1, 0], [1, 1], [0, 1]))).toEqual({ key: "areaNotClosed" });
  });

  it("refuses a self-intersecting area: a bow tie, a pinch, a spike that doubles back", () => {
    expect(geometryAnswerError("area", ring([0, 0], [1, 1], [1, 0], [0, 1], [0, 0]))).toEqual({
      key: "areaSelfIntersects",
    });
    // Two triangles touching at one vertex (1, 1).
    expect(geometryAnswerError("area", ring([0, 0], [1, 1], [2, 0], [2, 2], [1, 1], [0, 2], [0, 0]))).toEqual({
      key: "areaSelfIntersects",
    });
    expect(geometryAnswerError("area", ring([0, 0], [2, 0], [1, 0], [1, 1], [0, 0]))).toEqual({
      key: "areaSelfIntersects",
    });
    // A concave area whose edges do not cross is fine.
    expect(geometryAnswerError("area", ring([0, 0], [2, 0], [2, 2], [1, 1], [0, 2], [0, 0]))).toBeNull();
  });

  it("finds a crossing between far-apart edges of a long walked boundary", () => {
    const square = squareArea(1000, -15).coordinates[0];
    const walked: Position[] = [];
    for (let side = 0; side < 4; side++) {
      const [from, to] = [square[side] as Position, square[side + 1] as Position];
      for (let step = 0; step < 1000; step++)
        walked.push([from[0] + ((to[0] - from[0]) * step) / 1000, from[1] + ((to[1] - from[1]) * step) / 1000]);
    }
    const closed = [...walked, walked[0] as Position];
    expect(geometryAnswerError("area", ring(...closed))).toBeNull();
    // Pull one vertex of the last side across the first side.
    const crossed = closed.map((position, index): Position =>
      index === 3500 ? [position[0] + 0.005, -15.01] : position,
    );
    expect(geometryAnswerError("area", ring(...crossed))).toEqual({ key: "areaSelfIntersects" });
  });

  it("refuses coordinates out of range and values that are no geometry", () => {
    expect(
      geometryAnswerError("line", {
        type: "LineString",
        coordinates: [
          [0, 0],
          [181, 0],
        ],
      }),
    ).toEqual({
      key: "coordinatesOutOfRange",
    });
    expect(
      geometryAnswerError("line", {
        type: "LineString",
        coordinates: [
          [0, 0],
          [0, -90.5],
        ],
      }),
    ).toEqual({
      key: "coordinatesOutOfRange",
    });
    for (const value of [
      {
        type: "LineString",
        coordinates: [
          [0, 0],
          [Number.NaN, 0],
        ],
      },
      {
        type: "LineString",
        coordinates: [
          [0, 0],
          [Number.POSITIVE_INFINITY, 0],
        ],
      },
      {
        type: "LineString",
        coordinates: [
          [0, 0],
          ["1", 0],
        ],
      },
      { type: "LineString", coordinates: [[0, 0], [1]] },
      {
        type: "Polygon",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      { type: "Point", coordinates: [0, 0] },
      { latitude: 0, longitude: 0 },
      "0 0;1 1",
    ])
      expect(geometryAnswerError("line", value)).toEqual({ key: "invalidGeometry" });
    const withHole = {
      type: "Polygon",
      coordinates: [...squareArea(100, 0).coordinates, squareArea(10, 0).coordinates[0]],
    };
    expect(geometryAnswerError("area", withHole)).toEqual({ key: "invalidGeometry" });
    expect(geometryAnswerError("area", northLine(100, 0))).toEqual({ key: "invalidGeometry" });
  });
});

describe("measures", () => {
  it("measures a 1 ha square (100 m × 100 m) at the equator and at -30° as 1 ha", () => {
    for (const latitude of [0, -30]) {
      const square = squareArea(100, latitude, -47);
      expect(polygonAreaSquareMeters(square)).toBeGreaterThan(9_950);
      expect(polygonAreaSquareMeters(square)).toBeLessThan(10_050);
      expect(polygonPerimeterMeters(square)).toBeCloseTo(400, 0);
      expect(formatArea(polygonAreaSquareMeters(square), "pt-BR")).toBe("1 ha");
    }
  });

  it("measures a known line: one degree of a meridian is 111.2 km", () => {
    const degree = {
      type: "LineString" as const,
      coordinates: [
        [-47, -15],
        [-47, -14],
      ] as Position[],
    };
    expect(lineLengthMeters(degree)).toBeCloseTo(111_195, -1);
    expect(lineLengthMeters(northLine(850, -30, 0, 17))).toBeCloseTo(850, 3);
  });

  it("measures distance and bearing between points", () => {
    expect(distanceMeters([-47, -15], [-47, -14])).toBeCloseTo(111_195, -1);
    expect(bearingDegrees([-47, -15], [-47, -14])).toBeCloseTo(0, 6);
    expect(bearingDegrees([-47, -15], [-48, -15])).toBeCloseTo(270, 0);
  });

  it("tells whether a point is inside an area", () => {
    const square = squareArea(100, -30, -47);
    const inside = square.coordinates[0][0] as Position;
    expect(pointInPolygon([inside[0] + 0.0001, inside[1] + 0.0001], square)).toBe(true);
    expect(pointInPolygon([inside[0] - 0.0001, inside[1]], square)).toBe(false);
  });
});

describe("formats", () => {
  it("writes lengths in m and km with the language's separators", () => {
    expect(formatLength(850.4, "pt-BR")).toBe("850 m");
    expect(formatLength(999.7, "pt-BR")).toBe("1 km");
    expect(formatLength(1_234, "pt-BR")).toBe("1,2 km");
    expect(formatLength(1_234, "en-US")).toBe("1.2 km");
    expect(formatLength(125_400, "pt-BR")).toBe("125 km");
  });

  it("writes areas in m², ha and km²", () => {
    expect(formatArea(950, "pt-BR")).toBe("950 m²");
    expect(formatArea(15_000, "pt-BR")).toBe("1,5 ha");
    expect(formatArea(15_000, "en-US")).toBe("1.5 ha");
    expect(formatArea(2_500_000, "pt-BR")).toBe("250 ha");
    expect(formatArea(12_000_000, "pt-BR")).toBe("12 km²");
  });
});

describe("text forms", () => {
  const line = {
    type: "LineString" as const,
    coordinates: [
      [-47.5, -15.25],
      [-47.25, -15],
    ] as Position[],
  };

  it("writes WKT longitude first", () => {
    expect(geometryToWkt(line)).toBe("LINESTRING (-47.5 -15.25, -47.25 -15)");
    expect(geometryToWkt(ring([0, 0], [1, 0], [0, 1], [0, 0]))).toBe("POLYGON ((0 0, 1 0, 0 1, 0 0))");
  });

  it("writes and reads ODK's latitude-first text", () => {
    expect(geometryToOdkText(line)).toBe("-15.25 -47.5 0 0;-15 -47.25 0 0");
    expect(odkTextPositions("-15.25 -47.5 0 0;-15 -47.25 0 0;")).toEqual(line.coordinates);
    expect(odkTextPositions("-15.25 -47.5")).toEqual([[-47.5, -15.25]]);
    expect(odkTextPositions("a b;1 2")).toBeNull();
    expect(odkTextPositions("95 0")).toBeNull();
  });
});

describe("as answers of line and area fields", () => {
  const field = (fieldType: "line" | "area", required = false): ValidatableField => ({
    ...designedFieldSchema.parse({ fieldType, label: fieldType, position: 0, config: { required } }),
    id: fieldType,
  });

  it("validates each type against its geometry and asks for required ones", () => {
    expect(validateAnswer(field("line"), northLine(100, 0))).toBeNull();
    expect(validateAnswer(field("area"), squareArea(100, 0))).toBeNull();
    expect(validateAnswer(field("line"), squareArea(100, 0))).toEqual({ key: "invalidGeometry" });
    expect(validateAnswer(field("area"), northLine(100, 0))).toEqual({ key: "invalidGeometry" });
    expect(validateAnswer(field("area", true), null)).toEqual({ key: "required" });
    expect(validateAnswer(field("line"), null)).toBeNull();
  });

  it("reads in lists as its kind and measure, and exports as WKT", () => {
    const words = { yes: "Sim", no: "Não", entries: (count: number) => `${count}`, line: "Linha", area: "Área" };
    expect(formatAnswer({ fieldType: "line", config: {} }, northLine(1_234, -30), "pt-BR", words)).toBe(
      "Linha · 1,2 km",
    );
    expect(formatAnswer({ fieldType: "area", config: {} }, squareArea(122.5, -30), "pt-BR", words)).toBe(
      "Área · 1,5 ha",
    );
    expect(formatAnswer({ fieldType: "area", config: {} }, squareArea(122.5, -30), "en", words)).toBe("Área · 1.5 ha");
    const context = { words, mediaUrl: (id: string) => id };
    expect(
      exportValue(
        { fieldType: "line" },
        {
          type: "LineString",
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        },
        context,
      ),
    ).toBe("LINESTRING (1 2, 3 4)");
  });
});
