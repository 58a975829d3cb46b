import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { LOCAL_PMTILES_PATH, type BaseMap } from "../shared/map/base-map.ts";

/** The base map the web is told to draw, plus the local PMTiles file Campo serves itself, if any. */
export interface BaseMapSetting {
  web: BaseMap;
  localPmtilesFile?: string;
  /** Origins the browser must be allowed to reach for the base map (CSP img-src / connect-src). */
  origins: string[];
}

function originOf(url: string): string[] {
  try {
    return [new URL(url.replace(/\{[a-z]\}/g, "0")).origin];
  } catch {
    return [];
  }
}

/**
 * MAP_PMTILES_URL wins over TILE_URL (a self-hosted vector basemap is the better map); with neither, the web draws
 * its packaged outlines. A MAP_PMTILES_URL that is not http(s) is a file on this machine, served with range
 * requests at a fixed URL; a missing file stops the start-up rather than leaving a silently empty map.
 */
export function baseMapFromEnv(env: NodeJS.ProcessEnv): BaseMapSetting {
  const pmtiles = env.MAP_PMTILES_URL?.trim();
  if (pmtiles) {
    if (/^https?:\/\//i.test(pmtiles)) return { web: { kind: "pmtiles", url: pmtiles }, origins: originOf(pmtiles) };
    const file = path.resolve(pmtiles);
    if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`MAP_PMTILES_URL: no such file ${file}`);
    return { web: { kind: "pmtiles", url: LOCAL_PMTILES_PATH }, localPmtilesFile: file, origins: [] };
  }
  const tileUrl = env.TILE_URL?.trim();
  if (tileUrl) return { web: { kind: "raster", tileUrl }, origins: originOf(tileUrl) };
  return { web: { kind: "outline" }, origins: [] };
}
