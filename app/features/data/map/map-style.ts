import type { StyleSpecification } from "maplibre-gl";

/**
 * The base style: a plain background, plus the configured raster tiles on top when TILE_URL is set. The points are
 * added above whatever base there is, so they show even when no tiles are configured or every tile fails to load.
 */
export function baseStyle(tileUrl: string | null, dark: boolean): StyleSpecification {
  return {
    version: 8,
    sources: tileUrl ? { tiles: { type: "raster", tiles: [tileUrl], tileSize: 256, maxzoom: 19 } } : {},
    layers: [
      { id: "background", type: "background", paint: { "background-color": dark ? "#1f2937" : "#eef2f0" } },
      ...(tileUrl ? [{ id: "tiles", type: "raster" as const, source: "tiles" }] : []),
    ],
  };
}

/** Above this zoom points are no longer clustered; identical coordinates then open as a list. */
export const CLUSTER_MAX_ZOOM = 16;
