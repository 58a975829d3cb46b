/**
 * What the data map draws under the records, chosen by the server's environment (docs/deploy.md, "Base map"):
 * a self-hosted PMTiles archive, raster tiles from TILE_URL, or Campo's own packaged outlines (no service at all).
 */
export type BaseMap = { kind: "outline" } | { kind: "raster"; tileUrl: string } | { kind: "pmtiles"; url: string };

/** GET /api/config: settings the web reads at run time rather than build time. */
export interface RuntimeConfig {
  baseMap: BaseMap;
}

/** Where Campo serves a PMTiles archive given as a local file (MAP_PMTILES_URL=/path/to/file.pmtiles). */
export const LOCAL_PMTILES_PATH = "/base-map/tiles.pmtiles";
