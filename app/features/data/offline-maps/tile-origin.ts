import type { BaseMap } from "../../../../shared/map/base-map.ts";
import type { SavedArea, TileOrigin } from "../../../offline/map-tiles/area-store.ts";

/**
 * Where this server's base map tiles come from, as the saved areas name it: the PMTiles archive at its absolute URL
 * (the one the map's pmtiles:// source uses, so stored tiles match its requests) or the raster tile URL. The packaged
 * outlines have no tiles: nothing to download.
 */
export function tileOriginOf(baseMap: BaseMap, pageOrigin: string): TileOrigin | null {
  if (baseMap.kind === "pmtiles") return { kind: "pmtiles", url: new URL(baseMap.url, pageOrigin).href };
  if (baseMap.kind === "raster") return { kind: "raster", tileUrl: baseMap.tileUrl };
  return null;
}

/** Offline the server cannot say which base map it has: the last saved area's source stands in for it. */
export function baseMapOf(origin: TileOrigin): BaseMap {
  return origin.kind === "pmtiles" ? { kind: "pmtiles", url: origin.url } : { kind: "raster", tileUrl: origin.tileUrl };
}

/** The source of the newest saved area, as a string that stays equal while it does (a stable memo key). */
export const lastAreaOriginKey = (areas: readonly SavedArea[] | null) => JSON.stringify(areas?.at(-1)?.origin ?? null);
