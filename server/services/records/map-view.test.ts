import { describe, expect, it } from "vitest";
import { simplifyForZoom } from "./map-view.ts";
import { northLine, squareArea } from "../../../shared/geo/test-shapes.ts";
import type { LineAnswer } from "../../../shared/geo/geometry-answer.ts";

describe("simplifyForZoom", () => {
  // A 2 km track north in 200 steps, each bent 1 m east or west: a straight line at a town's zoom, every bend up close.
  const track = northLine(2000, -23.5, -46.6, 200);
  const wiggly: LineAnswer = {
    type: "LineString",
    coordinates: track.coordinates.map(([lon = 0, lat = 0], index) => [lon + (index % 2 ? 0.00001 : 0), lat]),
  };

  it("keeps a line's ends and drops the bends the zoom cannot show", () => {
    const far = simplifyForZoom(wiggly, 12);
    expect(far.coordinates.length).toBeLessThan(5);
    expect(far.coordinates[0]?.[1]).toBeCloseTo(wiggly.coordinates[0]?.[1] ?? 0, 6);
    expect(far.coordinates.at(-1)?.[1]).toBeCloseTo(wiggly.coordinates.at(-1)?.[1] ?? 0, 6);
  });

  it("keeps every vertex when zoomed in, rounded to six decimals, without altitude", () => {
    const near = simplifyForZoom(
      { type: "LineString", coordinates: wiggly.coordinates.map(([lon = 0, lat = 0]) => [lon, lat, 812.5]) },
      21,
    );
    expect(near.coordinates).toHaveLength(wiggly.coordinates.length);
    near.coordinates.forEach((position, index) => {
      expect(position).toHaveLength(2);
      expect(position[1]).toBeCloseTo(wiggly.coordinates[index]?.[1] ?? 0, 6);
    });
  });

  it("keeps an area a closed ring", () => {
    const plot = simplifyForZoom(squareArea(100, -30, -51.2), 10);
    const [ring = []] = plot.type === "Polygon" ? plot.coordinates : [];
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(ring[0]).toEqual(ring.at(-1));
  });
});
