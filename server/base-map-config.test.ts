import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseMapFromEnv } from "./base-map-config.ts";

describe("baseMapFromEnv", () => {
  it("draws the packaged outlines when nothing is configured", () => {
    expect(baseMapFromEnv({})).toEqual({ web: { kind: "outline" }, origins: [] });
    expect(baseMapFromEnv({ TILE_URL: " ", MAP_PMTILES_URL: "" })).toEqual({ web: { kind: "outline" }, origins: [] });
  });

  it("uses TILE_URL raster tiles and allows their host", () => {
    expect(baseMapFromEnv({ TILE_URL: "https://tiles.example.org/{z}/{x}/{y}.png" })).toEqual({
      web: { kind: "raster", tileUrl: "https://tiles.example.org/{z}/{x}/{y}.png" },
      origins: ["https://tiles.example.org"],
    });
  });

  it("prefers a PMTiles archive over TILE_URL, remote as given", () => {
    expect(
      baseMapFromEnv({
        MAP_PMTILES_URL: "https://maps.example.org/br.pmtiles",
        TILE_URL: "https://tiles.example.org/{z}/{x}/{y}.png",
      }),
    ).toEqual({
      web: { kind: "pmtiles", url: "https://maps.example.org/br.pmtiles" },
      origins: ["https://maps.example.org"],
    });
  });

  it("serves a local PMTiles file at Campo's fixed URL, and refuses a missing one", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "campo-pmtiles-")), "brazil.pmtiles");
    writeFileSync(file, "PMTiles");
    expect(baseMapFromEnv({ MAP_PMTILES_URL: file })).toEqual({
      web: { kind: "pmtiles", url: "/base-map/tiles.pmtiles" },
      localPmtilesFile: file,
      origins: [],
    });
    expect(() => baseMapFromEnv({ MAP_PMTILES_URL: `${file}.missing` })).toThrow(/MAP_PMTILES_URL/);
  });
});
