import { describe, expect, it } from "vitest";
import { baseStyle } from "./map-style.ts";

const ORIGIN = "https://campo.example.org";

describe("baseStyle", () => {
  it("draws the packaged outlines when nothing is configured: sea, land, lakes, rivers, state borders, coast and country borders from their own sources", () => {
    const style = baseStyle({ kind: "outline" }, false, ORIGIN);
    expect(style.layers.map((layer) => layer.id)).toEqual([
      "background",
      "land",
      "lakes",
      "rivers",
      "states",
      "coast",
      "borders",
    ]);
    expect(Object.keys(style.sources)).toEqual(["countries", "states", "coast", "borders", "lakes", "rivers"]);
    expect(style.glyphs).toBeUndefined();
  });

  it("reads a PMTiles archive through the pmtiles protocol at an absolute URL, with no text layers", () => {
    const style = baseStyle({ kind: "pmtiles", url: "/base-map/tiles.pmtiles" }, true, ORIGIN);
    expect(style.sources.protomaps).toMatchObject({
      type: "vector",
      url: "pmtiles://https://campo.example.org/base-map/tiles.pmtiles",
    });
    expect(style.layers.length).toBeGreaterThan(10);
    expect(style.layers.some((layer) => layer.type === "symbol")).toBe(false);
  });

  it("puts TILE_URL raster tiles over a plain background, read through the protocol that answers saved areas first", () => {
    const style = baseStyle({ kind: "raster", tileUrl: "https://tile.example.org/{z}/{x}/{y}.png" }, false, ORIGIN);
    expect(style.sources.tiles).toMatchObject({
      type: "raster",
      tiles: ["campo-raster://https://tile.example.org/{z}/{x}/{y}.png"],
    });
    expect(style.layers.map((layer) => layer.id)).toEqual(["background", "tiles"]);
  });
});
