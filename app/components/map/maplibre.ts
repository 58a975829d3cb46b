import * as maplibregl from "maplibre-gl";
import { Protocol } from "pmtiles";
import "maplibre-gl/dist/maplibre-gl.css";
// MapLibre looks for its worker beside its own module, which bundling moves: give it the emitted file instead.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";

/** Imported by every map of the app (each a lazy chunk), so the set-up below runs once whichever map opens first. */
maplibregl.setWorkerUrl(workerUrl);
// A self-hosted PMTiles archive is read by byte ranges through this protocol (MAP_PMTILES_URL).
maplibregl.addProtocol("pmtiles", new Protocol().tile);

export { maplibregl };
