/**
 * Part of `npm run bench -- map` (bench/map.ts): the offline download of a 50 km² area (≈7.1 × 7.1 km around Brasília's Esplanada) at the
 * zooms a field team uses, 10 to 16, through the phone's own code path (app/offline/map-tiles): the PMTiles reader
 * fetching byte ranges over HTTP from Campo's local-archive route, each tile stored in a Cache API stand-in.
 *
 * The archive is generated here: a street grid every ~150 m and a river across the area, so its tiles are of a town's
 * density but not real map data; `estimated_bytes` is what the screen announces for real Protomaps tiles.
 *
 * tiles                  tiles planned and stored (the box × zooms 10–16)
 * bytes                  bytes stored
 * estimated_bytes        the screen's estimate before downloading (30 KB a vector tile)
 * seconds                wall time of the download, on localhost (a phone adds its network's latency per request)
 * requests               byte-range requests the archive answered
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Feature } from "geojson";
import { Hono } from "hono";
import { serve } from "@hono/node-server";
import { pmtilesFileRoutes } from "../server/routes/base-map/pmtiles-file.ts";
import { LOCAL_PMTILES_PATH } from "../shared/map/base-map.ts";
import { bboxAreaKm2, countTiles, estimateBytes, tileRanges } from "../shared/map/offline-area.ts";
import { pmtilesArchive, vectorTiles } from "../scripts/make-base-map-fixture.ts";
import { AreaStore } from "../app/offline/map-tiles/area-store.ts";
import { downloadArea } from "../app/offline/map-tiles/area-download.ts";
import { tileFetcher } from "../app/offline/map-tiles/tile-fetcher.ts";
import { MemoryCacheStorage } from "../app/offline/testing/memory-cache-storage.ts";
import type { AppEnv } from "../server/context.ts";

const AREA = { west: -47.93, south: -15.83, east: -47.864, north: -15.766 };
const MIN_ZOOM = 10;
const MAX_ZOOM = 16;

function town(): Record<string, Feature[]> {
  const step = 0.0014; // ~150 m
  const road = (from: [number, number], to: [number, number]): Feature => ({
    type: "Feature",
    properties: { kind: "minor_road" },
    geometry: { type: "LineString", coordinates: [from, to] },
  });
  const roads: Feature[] = [];
  for (let lon = AREA.west; lon <= AREA.east; lon += step) roads.push(road([lon, AREA.south], [lon, AREA.north]));
  for (let lat = AREA.south; lat <= AREA.north; lat += step) roads.push(road([AREA.west, lat], [AREA.east, lat]));
  const river: Feature = {
    type: "Feature",
    properties: { kind: "river" },
    geometry: {
      type: "LineString",
      coordinates: Array.from({ length: 200 }, (_, i) => [
        AREA.west + ((AREA.east - AREA.west) * i) / 199,
        AREA.south + 0.02 * Math.sin(i / 9) + 0.03,
      ]),
    },
  };
  const earth: Feature = {
    type: "Feature",
    properties: { kind: "earth" },
    geometry: {
      type: "Polygon",
      coordinates: [
        [
          [-48.5, -16.5],
          [-47.3, -16.5],
          [-47.3, -15.1],
          [-48.5, -15.1],
          [-48.5, -16.5],
        ],
      ],
    },
  };
  return { earth: [earth], roads, water: [river] };
}

export async function run(): Promise<void> {
  const ranges = tileRanges(AREA, MIN_ZOOM, MAX_ZOOM);
  const layers = town();
  const shape = {
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    bounds: [AREA.west, AREA.south, AREA.east, AREA.north] as [number, number, number, number],
    center: [-47.897, -15.798] as [number, number],
  };
  const archive = pmtilesArchive(
    vectorTiles(layers, shape, (z) => ranges[z - MIN_ZOOM]!),
    shape,
    Object.keys(layers),
  );
  const folder = mkdtempSync(path.join(os.tmpdir(), "campo-bench-map-"));
  const file = path.join(folder, "area.pmtiles");
  writeFileSync(file, archive);

  let requests = 0;
  const app = new Hono<AppEnv>();
  app.use("*", async (_, next) => {
    requests++;
    await next();
  });
  app.route("/", pmtilesFileRoutes(file));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${LOCAL_PMTILES_PATH}`;

  try {
    const store = new AreaStore(new MemoryCacheStorage());
    const tiles = countTiles(ranges);
    const area = {
      id: "bench",
      name: "50 km²",
      bbox: AREA,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      origin: { kind: "pmtiles" as const, url },
      tileCount: tiles,
      storedTiles: 0,
      bytes: 0,
      status: "downloading" as const,
      createdAt: new Date().toISOString(),
    };
    await store.save(area);
    const started = performance.now();
    const done = await downloadArea(store, area, tileFetcher(area.origin), {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    const seconds = (performance.now() - started) / 1000;
    const figures = {
      area_km2: Number(bboxAreaKm2(AREA).toFixed(1)),
      zooms: `${MIN_ZOOM}-${MAX_ZOOM}`,
      tiles: done.storedTiles,
      bytes: done.bytes,
      estimated_bytes: estimateBytes(tiles, "pmtiles"),
      seconds: Number(seconds.toFixed(2)),
      requests,
    };
    console.table(figures);
    console.log(JSON.stringify({ benchmark: "map", ...figures }));
  } finally {
    server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
