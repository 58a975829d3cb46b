import type { LayerSpecification, StyleSpecification } from "maplibre-gl";
import { layers as protomapsLayers, namedFlavor } from "@protomaps/basemaps";
import type { BaseMap } from "../../../shared/map/base-map.ts";
import { offlineRasterUrl } from "../../offline/map-tiles/offline-protocol.ts";

import type { FeatureCollection } from "geojson";

const empty = (): FeatureCollection => ({ type: "FeatureCollection", features: [] });

/**
 * The packaged outlines: sea, land (Brazil a shade apart), lakes and rivers, Brazilian state borders, coastlines and
 * country borders. Their data arrives after load.
 */
function outlineLayers(dark: boolean): LayerSpecification[] {
  const color = dark
    ? {
        sea: "#0b1220",
        land: "#1f2937",
        brazil: "#243244",
        state: "#3b4a5e",
        coast: "#475569",
        border: "#64748b",
        river: "#1e4f7a",
      }
    : {
        sea: "#dceaf2",
        land: "#f6f4ee",
        brazil: "#eef3ea",
        state: "#c9d3c3",
        coast: "#94a3b8",
        border: "#a8a29e",
        river: "#8fb9d6",
      };
  return [
    { id: "background", type: "background", paint: { "background-color": color.sea } },
    {
      id: "land",
      type: "fill",
      source: "countries",
      paint: { "fill-color": ["case", ["==", ["get", "name"], "Brazil"], color.brazil, color.land] },
    },
    // Natural Earth 1:50m lakes and rivers of South America: the big rivers at first, the smaller ranks as one zooms in.
    { id: "lakes", type: "fill", source: "lakes", paint: { "fill-color": color.sea } },
    {
      id: "rivers",
      type: "line",
      source: "rivers",
      filter: ["<=", ["get", "rank"], ["step", ["zoom"], 3, 4, 5, 6, 99]],
      paint: { "line-color": color.river, "line-width": ["interpolate", ["linear"], ["zoom"], 3, 0.6, 8, 1.6] },
    },
    {
      id: "states",
      type: "line",
      source: "states",
      paint: { "line-color": color.state, "line-width": ["interpolate", ["linear"], ["zoom"], 3, 0.4, 8, 1.2] },
    },
    { id: "coast", type: "line", source: "coast", paint: { "line-color": color.coast, "line-width": 0.8 } },
    {
      id: "borders",
      type: "line",
      source: "borders",
      paint: {
        "line-color": color.border,
        "line-width": ["interpolate", ["linear"], ["zoom"], 2, 0.6, 8, 1.5],
        "line-dasharray": [3, 2],
      },
    },
  ];
}

/**
 * The map's base under the records: Campo's packaged outlines (no service), a self-hosted PMTiles archive drawn with
 * the Protomaps style (without its labels, which would need a glyph server), or TILE_URL raster tiles over a plain
 * background. The records are added above whatever base there is, so they show even when every tile fails.
 */
export function baseStyle(baseMap: BaseMap, dark: boolean, origin: string): StyleSpecification {
  switch (baseMap.kind) {
    case "pmtiles":
      return {
        version: 8,
        sources: {
          protomaps: {
            type: "vector",
            url: `pmtiles://${new URL(baseMap.url, origin).href}`,
            attribution: "© OpenStreetMap, Protomaps",
          },
        },
        layers: protomapsLayers("protomaps", namedFlavor(dark ? "dark" : "light")),
      };
    case "raster":
      return {
        version: 8,
        // Through Campo's raster protocol, so tiles of an area saved for offline use come from the device.
        sources: { tiles: { type: "raster", tiles: [offlineRasterUrl(baseMap.tileUrl)], tileSize: 256, maxzoom: 19 } },
        layers: [
          { id: "background", type: "background", paint: { "background-color": dark ? "#1f2937" : "#eef2f0" } },
          { id: "tiles", type: "raster", source: "tiles" },
        ],
      };
    default:
      return {
        version: 8,
        sources: {
          countries: { type: "geojson", data: empty(), attribution: "Natural Earth" },
          states: { type: "geojson", data: empty() },
          coast: { type: "geojson", data: empty() },
          borders: { type: "geojson", data: empty() },
          lakes: { type: "geojson", data: empty() },
          rivers: { type: "geojson", data: empty() },
        },
        layers: outlineLayers(dark),
      };
  }
}

/** Above this zoom points are no longer clustered; identical coordinates then open as a list. */
export const CLUSTER_MAX_ZOOM = 16;
