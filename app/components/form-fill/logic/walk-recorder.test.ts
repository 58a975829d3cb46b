import { describe, expect, it } from "vitest";
import { DEFAULT_WALK_SETTINGS, walkDecision } from "./walk-recorder.ts";

/** 1 m of latitude is 1/111,320 of a degree. */
const fix = (northMeters: number, accuracy: number) => ({
  latitude: -30 + northMeters / 111_320,
  longitude: -51,
  accuracy,
  timestamp: "2026-11-27T10:00:00.000Z",
});

describe("walkDecision", () => {
  it("makes the first accurate fix the first vertex", () => {
    expect(walkDecision(undefined, fix(0, 5), DEFAULT_WALK_SETTINGS)).toBe("added");
  });

  it("skips a fix less accurate than the threshold, however far it is", () => {
    expect(walkDecision([-51, -30], fix(100, 15.5), DEFAULT_WALK_SETTINGS)).toBe("inaccurate");
    expect(walkDecision([-51, -30], fix(100, 15), DEFAULT_WALK_SETTINGS)).toBe("added");
  });

  it("skips a fix closer than the minimum distance to the last vertex (geodesic metres)", () => {
    expect(walkDecision([-51, -30], fix(4.5, 3), DEFAULT_WALK_SETTINGS)).toBe("tooClose");
    expect(walkDecision([-51, -30], fix(5.5, 3), DEFAULT_WALK_SETTINGS)).toBe("added");
  });

  it("follows the settings it is given", () => {
    expect(walkDecision([-51, -30], fix(8, 25), { accuracyMeters: 30, minDistanceMeters: 10 })).toBe("tooClose");
    expect(walkDecision([-51, -30], fix(12, 25), { accuracyMeters: 30, minDistanceMeters: 10 })).toBe("added");
  });
});
