import { describe, expect, it } from "vitest";
import { compassPoint, normalizeBearing, parseCoordinates } from "./navigation.ts";

describe("normalizeBearing", () => {
  it("turns turf's -180..180 into 0-359 clockwise from north", () => {
    expect(normalizeBearing(-90)).toBe(270);
    expect(normalizeBearing(0)).toBe(0);
    expect(normalizeBearing(179.6)).toBe(180);
    expect(normalizeBearing(-0.2)).toBe(0);
    expect(normalizeBearing(359.7)).toBe(0);
  });
});

describe("compassPoint", () => {
  it("names the nearest of eight points", () => {
    expect(compassPoint(0)).toBe("N");
    expect(compassPoint(22)).toBe("N");
    expect(compassPoint(23)).toBe("NE");
    expect(compassPoint(-45)).toBe("NW");
    expect(compassPoint(180)).toBe("S");
    expect(compassPoint(-100)).toBe("W");
    expect(compassPoint(350)).toBe("N");
  });
});

describe("parseCoordinates", () => {
  it("reads latitude then longitude and returns GeoJSON order", () => {
    expect(parseCoordinates("-15.793889, -47.882778")).toEqual([-47.882778, -15.793889]);
    expect(parseCoordinates("-15.79 -47.88")).toEqual([-47.88, -15.79]);
    expect(parseCoordinates("-15,79; -47,88")).toEqual([-47.88, -15.79]);
    expect(parseCoordinates("-15,79 -47,88")).toEqual([-47.88, -15.79]);
  });

  it("refuses what is not two numbers in range", () => {
    expect(parseCoordinates("")).toBeNull();
    expect(parseCoordinates("-15.79")).toBeNull();
    expect(parseCoordinates("abc, def")).toBeNull();
    expect(parseCoordinates("95, 10")).toBeNull();
    expect(parseCoordinates("10, 190")).toBeNull();
    expect(parseCoordinates("1, 2, 3")).toBeNull();
  });
});
