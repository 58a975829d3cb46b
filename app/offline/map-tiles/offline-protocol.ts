import type { AddProtocolAction } from "maplibre-gl";
import { Protocol } from "pmtiles";
import { AreaStore, tileJsonKey } from "./area-store.ts";

/** Raster tiles go through this scheme so saved areas can answer them: `campo-raster://https://tiles…/{z}/{x}/{y}.png`. */
const RASTER_SCHEME = "campo-raster";
export const offlineRasterUrl = (tileUrl: string) => `${RASTER_SCHEME}://${tileUrl}`;

const PMTILES_TILE = /^pmtiles:\/\/(.+)\/(\d+)\/(\d+)\/(\d+)$/;

let servedFromStore = 0;
/** How many tiles saved areas have answered on this page: the maps report it, and the e2e reads it offline. */
export const tilesServedFromStore = () => servedFromStore;

async function stored(store: AreaStore, key: string): Promise<Response | undefined> {
  // Private windows and old browsers have no Cache API: the network answers as before.
  return typeof caches === "undefined" ? undefined : store.match(key).catch(() => undefined);
}

/**
 * The PMTiles protocol with saved areas in front: a stored tile is answered from the device (online too — it saves
 * the collector's data plan), any other one by byte ranges from the archive. The archive's TileJSON comes from the
 * network when it can and from the copy kept with the areas when it cannot, so a map opens offline.
 */
function pmtilesWithAreas(store: AreaStore): AddProtocolAction {
  const online = new Protocol();
  return async (params, abort) => {
    const tile = PMTILES_TILE.exec(params.url);
    if (tile) {
      const hit = await stored(store, `${tile[1]}/${tile[2]}/${tile[3]}/${tile[4]}`);
      if (hit) {
        servedFromStore++;
        return { data: await hit.arrayBuffer() };
      }
      return online.tile(params, abort);
    }
    try {
      return await online.tile(params, abort);
    } catch (error) {
      const tileJson = await stored(store, tileJsonKey(params.url.slice("pmtiles://".length)));
      if (!tileJson) throw error;
      return { data: (await tileJson.json()) as object };
    }
  };
}

function rasterWithAreas(store: AreaStore): AddProtocolAction {
  return async (params, abort) => {
    const url = params.url.slice(`${RASTER_SCHEME}://`.length);
    const hit = await stored(store, url);
    if (hit) {
      servedFromStore++;
      return { data: await hit.arrayBuffer() };
    }
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok) throw new Error(`tile: HTTP ${response.status}`);
    return { data: await response.arrayBuffer() };
  };
}

let registered = false;

/** Every MapLibre map of the app (data map, collect and question maps) reads its base map tiles through these. */
export function registerTileProtocols(maplibre: { addProtocol(name: string, action: AddProtocolAction): void }): void {
  if (registered) return;
  registered = true;
  const store = new AreaStore();
  maplibre.addProtocol("pmtiles", pmtilesWithAreas(store));
  maplibre.addProtocol(RASTER_SCHEME, rasterWithAreas(store));
}
