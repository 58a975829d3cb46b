import type { BaseMap } from "../../../shared/map/base-map.ts";
import { maplibregl } from "./maplibre.ts";
import { baseStyle } from "./map-style.ts";
import { loadOutlines } from "./outline-data.ts";
import { showPlaceLabels } from "./place-labels.ts";

export interface OpenedMap {
  map: maplibregl.Map;
  /** Removes the map and what the base added to it. */
  close(): void;
}

/**
 * A MapLibre map on the server's base (packaged outlines, PMTiles or raster tiles) with zoom buttons, shared by the
 * data map, the record detail, the collect map and the line/area question. `onLoad` runs once the style is ready, so
 * callers add their own sources then; outlines and place names arrive after it and never delay what the caller draws.
 */
export function openBaseMap(
  host: HTMLElement,
  baseMap: BaseMap,
  options: Omit<maplibregl.MapOptions, "container" | "style">,
  onLoad: (map: maplibregl.Map) => void,
): OpenedMap {
  const dark = document.documentElement.classList.contains("dark");
  const map = new maplibregl.Map({
    container: host,
    style: baseStyle(baseMap, dark, window.location.origin),
    attributionControl: { compact: true },
    ...options,
  });
  host.dataset.baseMap = baseMap.kind;
  let removeLabels = () => {};
  let closed = false;
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
  // Tiles that fail to load leave the background: what the caller draws still shows.
  map.on("error", () => undefined);
  map.on("load", () => {
    onLoad(map);
    if (baseMap.kind === "raster") return;
    // Without the outlines (a failed fetch) the map is the plain sea-coloured background with the caller's layers.
    loadOutlines()
      .then((outlines) => {
        if (closed) return;
        if (baseMap.kind === "outline") {
          void map.getSource<maplibregl.GeoJSONSource>("countries")?.setData(outlines.land);
          void map.getSource<maplibregl.GeoJSONSource>("states")?.setData(outlines.states);
          void map.getSource<maplibregl.GeoJSONSource>("coast")?.setData(outlines.coast);
          void map.getSource<maplibregl.GeoJSONSource>("borders")?.setData(outlines.borders);
          void map.getSource<maplibregl.GeoJSONSource>("lakes")?.setData(outlines.lakes);
          void map.getSource<maplibregl.GeoJSONSource>("rivers")?.setData(outlines.rivers);
        }
        removeLabels = showPlaceLabels(map, outlines.labels);
      })
      .catch(() => undefined);
  });
  return {
    map,
    close() {
      closed = true;
      removeLabels();
      map.remove();
    },
  };
}
