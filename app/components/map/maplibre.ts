import * as maplibregl from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
// MapLibre looks for its worker beside its own module, which bundling moves: give it the emitted file instead.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { registerTileProtocols } from "../../offline/map-tiles/offline-protocol.ts";

/** Imported by every map of the app (each a lazy chunk), so the set-up below runs once whichever map opens first. */
maplibregl.setWorkerUrl(workerUrl);
// PMTiles byte ranges (MAP_PMTILES_URL) and raster tiles, answered from areas saved for offline use when stored.
registerTileProtocols(maplibregl);

export { maplibregl };
