import { describe, expect, it } from "vitest";
import { countryLabel, unwrapLongitudes } from "./outline-geometry.ts";

const square = (x: number, y: number, side: number) => [
  [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
    [x, y],
  ],
];

describe("countryLabel", () => {
  it("names a country at the centre of its largest landmass", () => {
    const label = countryLabel("França", {
      type: "MultiPolygon",
      coordinates: [square(-54, 2, 3), square(-5, 42, 10)],
    });
    expect(label.at).toEqual([0, 47]);
    expect(label.kind).toBe("country");
  });

  it("shows large countries from far out and small ones only closer in", () => {
    expect(countryLabel("Grande", { type: "Polygon", coordinates: square(-70, -30, 30) }).minZoom).toBe(2);
    expect(countryLabel("Média", { type: "Polygon", coordinates: square(0, 0, 5) }).minZoom).toBe(4);
    expect(countryLabel("Pequena", { type: "Polygon", coordinates: square(0, 0, 0.5) }).minZoom).toBe(6);
  });
});

describe("unwrapLongitudes", () => {
  it("continues a coastline past 180° instead of crossing the world (Fiji)", () => {
    expect(
      unwrapLongitudes(
        [
          [179.9, -16.5],
          [-180, -16.49],
          [-179.9, -16.6],
        ],
        false,
      ),
    ).toEqual([
      [179.9, -16.5],
      [180, -16.49],
      [180.1, -16.6],
    ]);
  });

  it("keeps a ring that crosses and comes back (Russia), and leaves one round a pole as it is", () => {
    expect(
      unwrapLongitudes(
        [
          [179, 69],
          [-179, 69],
          [-179, 71],
          [179, 71],
          [179, 69],
        ],
        true,
      ),
    ).toEqual([
      [179, 69],
      [181, 69],
      [181, 71],
      [179, 71],
      [179, 69],
    ]);
    const polar = [
      [-180, -84],
      [0, -70],
      [179.6, -84.2],
      [-180, -84.3],
      [-180, -89.9],
      [-180, -84],
    ];
    expect(unwrapLongitudes(polar, true)).toBe(polar);
  });
});
