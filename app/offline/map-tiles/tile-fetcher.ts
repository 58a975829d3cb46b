import { PMTiles } from "pmtiles";
import type { TileOrigin } from "./area-store.ts";
import { tileKey } from "./area-store.ts";

/** One tile as the download stores it; an empty body is a tile the archive does not hold (open sea, past its bounds). */
export interface FetchedTile {
  bytes: ArrayBuffer;
  contentType: string;
}

export interface TileFetcher {
  tile(z: number, x: number, y: number, signal: AbortSignal): Promise<FetchedTile | null>;
  /** What MapLibre asks first for a PMTiles source, stored so the map opens offline. */
  tileJson(): Promise<unknown>;
}

const MVT = "application/vnd.mapbox-vector-tile";

/**
 * Reads tiles the way the online map does: a PMTiles archive by byte ranges (header and directories once, then one
 * range per tile, decompressed as MapLibre wants them), or a raster tile URL one GET per tile.
 */
export function tileFetcher(origin: TileOrigin): TileFetcher {
  if (origin.kind === "pmtiles") {
    const archive = new PMTiles(origin.url);
    return {
      async tile(z, x, y, signal) {
        const found = await archive.getZxy(z, x, y, signal);
        return { bytes: found?.data ?? new ArrayBuffer(0), contentType: MVT };
      },
      async tileJson() {
        const header = await archive.getHeader();
        return {
          tiles: [`pmtiles://${origin.url}/{z}/{x}/{y}`],
          minzoom: header.minZoom,
          maxzoom: header.maxZoom,
          bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        };
      },
    };
  }
  return {
    async tile(z, x, y, signal) {
      const response = await fetch(tileKey(origin, z, x, y), { signal });
      // A tile server answers 404 for tiles it has not got: nothing to keep, the map shows its background there.
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`tile ${z}/${x}/${y}: HTTP ${response.status}`);
      return { bytes: await response.arrayBuffer(), contentType: response.headers.get("Content-Type") ?? "image/png" };
    },
    tileJson: () => Promise.resolve(null),
  };
}
