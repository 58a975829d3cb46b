/**
 * Writes e2e/fixtures/base-map.pmtiles: a real PMTiles v3 archive of a few vector tiles (zooms 0–3) holding the
 * Protomaps layers the data map's style draws — land ("earth"), the sea off São Paulo ("water") and one highway
 * ("roads") — so an e2e test can serve it as MAP_PMTILES_URL and watch MapLibre draw it. The archive is committed;
 * run this again only to change it: `node --import tsx scripts/make-base-map-fixture.ts`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Feature, Geometry } from "geojson";
import { GeoJSONVT } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import { zxyToTileId } from "pmtiles";
import { PROJECT_ROOT } from "../server/project-root.ts";

export const BASE_MAP_FIXTURE = path.join(PROJECT_ROOT, "e2e", "fixtures", "base-map.pmtiles");
const MAX_ZOOM = 3;
const HEADER_BYTES = 127;

const feature = (geometry: Geometry, properties: Record<string, string> = {}): Feature => ({
  type: "Feature",
  properties,
  geometry,
});
const box = (west: number, south: number, east: number, north: number): Geometry => ({
  type: "Polygon",
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

const LAYERS: Record<string, Feature[]> = {
  earth: [feature(box(-180, -85, 180, 85), { kind: "earth" })],
  // The sea off São Paulo and Rio de Janeiro, where the e2e data fixture's records are.
  water: [feature(box(-46, -26, -43.5, -23.3), { kind: "ocean" })],
  roads: [
    feature(
      {
        type: "LineString",
        coordinates: [
          [-47.88, -15.79],
          [-46.63, -23.55],
        ],
      },
      { kind: "highway" },
    ),
  ],
};

function writeVarint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** The PMTiles v3 directory: count, then tile-id deltas, run lengths, lengths and offsets (+1) as varint columns. */
function directory(entries: Entry[]): Buffer {
  const bytes: number[] = [];
  writeVarint(bytes, entries.length);
  let lastId = 0;
  for (const { tileId } of entries) {
    writeVarint(bytes, tileId - lastId);
    lastId = tileId;
  }
  entries.forEach(() => writeVarint(bytes, 1)); // run lengths: one tile each
  for (const { length } of entries) writeVarint(bytes, length);
  entries.forEach(({ offset }, index) => {
    const previous = entries[index - 1];
    writeVarint(bytes, previous && offset === previous.offset + previous.length ? 0 : offset + 1);
  });
  return Buffer.from(bytes);
}

interface ArchiveShape {
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] and the [longitude, latitude] a viewer opens at. */
  bounds: [number, number, number, number];
  center: [number, number];
}

function header(
  fields: { rootLength: number; metadataLength: number; tileDataLength: number; tiles: number },
  shape: ArchiveShape,
): Buffer {
  const buffer = Buffer.alloc(HEADER_BYTES);
  buffer.write("PMTiles", 0, "ascii");
  buffer.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + fields.rootLength;
  const tileDataOffset = metadataOffset + fields.metadataLength;
  const u64 = (position: number, value: number) => buffer.writeBigUInt64LE(BigInt(value), position);
  u64(8, rootOffset);
  u64(16, fields.rootLength);
  u64(24, metadataOffset);
  u64(32, fields.metadataLength);
  u64(40, tileDataOffset + fields.tileDataLength); // no leaf directories
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, fields.tileDataLength);
  u64(72, fields.tiles);
  u64(80, fields.tiles);
  u64(88, fields.tiles);
  buffer.writeUInt8(1, 96); // clustered: tiles in tile-id order
  buffer.writeUInt8(1, 97); // internal compression: none
  buffer.writeUInt8(1, 98); // tile compression: none
  buffer.writeUInt8(1, 99); // tile type: Mapbox vector tile
  buffer.writeUInt8(shape.minZoom, 100);
  buffer.writeUInt8(shape.maxZoom, 101);
  const e7 = (position: number, degrees: number) => buffer.writeInt32LE(Math.round(degrees * 1e7), position);
  shape.bounds.forEach((degrees, index) => e7(102 + index * 4, degrees));
  buffer.writeUInt8(shape.maxZoom, 118);
  e7(119, shape.center[0]);
  e7(123, shape.center[1]);
  return buffer;
}

/** The vector tiles of `layers` at each zoom of `shape`, over the given columns × rows (all of them by default). */
export function vectorTiles(
  layers: Record<string, Feature[]>,
  shape: Pick<ArchiveShape, "minZoom" | "maxZoom">,
  ranges: (z: number) => { minX: number; maxX: number; minY: number; maxY: number } = (z) => ({
    minX: 0,
    maxX: 2 ** z - 1,
    minY: 0,
    maxY: 2 ** z - 1,
  }),
): { tileId: number; bytes: Uint8Array }[] {
  const indexes = Object.entries(layers).map(
    ([name, features]) =>
      [
        name,
        new GeoJSONVT(
          { type: "FeatureCollection", features },
          { maxZoom: shape.maxZoom, indexMaxZoom: Math.min(shape.maxZoom, 5) },
        ),
      ] as const,
  );
  const tiles: { tileId: number; bytes: Uint8Array }[] = [];
  for (let z = shape.minZoom; z <= shape.maxZoom; z++) {
    const { minX, maxX, minY, maxY } = ranges(z);
    for (let x = minX; x <= maxX; x++) {
      for (let y = minY; y <= maxY; y++) {
        const tileLayers = Object.fromEntries(
          indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length ? [[name, tile]] : [];
          }),
        );
        if (Object.keys(tileLayers).length)
          tiles.push({ tileId: zxyToTileId(z, x, y), bytes: fromGeojsonVt(tileLayers) });
      }
    }
  }
  return tiles;
}

/** A PMTiles v3 archive (uncompressed, one root directory) of the given tiles. */
export function pmtilesArchive(
  tiles: { tileId: number; bytes: Uint8Array }[],
  shape: ArchiveShape,
  layerNames: string[],
): Buffer {
  tiles.sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = tiles.map(({ tileId, bytes }) => {
    const entry = { tileId, offset, length: bytes.length };
    offset += bytes.length;
    return entry;
  });
  const root = directory(entries);
  const metadata = Buffer.from(
    JSON.stringify({
      name: "Campo e2e base map",
      vector_layers: layerNames.map((id) => ({ id, fields: { kind: "String" } })),
    }),
  );
  const tileData = Buffer.concat(tiles.map(({ bytes }) => bytes));
  return Buffer.concat([
    header(
      {
        rootLength: root.length,
        metadataLength: metadata.length,
        tileDataLength: tileData.length,
        tiles: tiles.length,
      },
      shape,
    ),
    root,
    metadata,
    tileData,
  ]);
}

export function baseMapArchive(): Buffer {
  const shape: ArchiveShape = { minZoom: 0, maxZoom: MAX_ZOOM, bounds: [-180, -85, 180, 85], center: [-47.88, -15.79] };
  return pmtilesArchive(vectorTiles(LAYERS, shape), shape, Object.keys(LAYERS));
}

if (process.argv[1] === import.meta.filename) {
  const archive = baseMapArchive();
  writeFileSync(BASE_MAP_FIXTURE, archive);
  console.log(`wrote ${archive.length} bytes to ${path.relative(PROJECT_ROOT, BASE_MAP_FIXTURE)}`);
}
