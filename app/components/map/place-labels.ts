import * as maplibregl from "maplibre-gl";
import type { PlaceLabel } from "./outline-geometry.ts";

const LABEL_CLASSES: Record<PlaceLabel["kind"], string> = {
  country: "pointer-events-none text-[11px] font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400",
  capital:
    "pointer-events-none flex items-center gap-1 text-[11px] font-medium text-slate-700 before:size-1.5 before:rounded-full before:bg-slate-600 dark:text-slate-300 dark:before:bg-slate-300",
  town: "pointer-events-none flex items-center gap-1 text-[10px] text-slate-600 before:size-1 before:rounded-full before:bg-slate-500 dark:text-slate-400 dark:before:bg-slate-400",
};

/**
 * Place names as HTML markers: a MapLibre text layer needs a glyph server (PBF font ranges) that no installed package
 * ships, and the base map must work with no service. Only the names due at the current zoom are on the map, so a
 * world view carries a few dozen elements, not hundreds. Returns the clean-up.
 */
export function showPlaceLabels(map: maplibregl.Map, labels: PlaceLabel[]): () => void {
  const markers = labels.map((label) => {
    const element = document.createElement("div");
    element.className = LABEL_CLASSES[label.kind];
    element.textContent = label.name;
    element.dataset.placeLabel = label.kind;
    const marker = new maplibregl.Marker({ element, anchor: label.kind === "country" ? "center" : "left" }).setLngLat(
      label.at,
    );
    return { label, marker, shown: false };
  });
  const update = () => {
    const zoom = map.getZoom();
    for (const entry of markers) {
      const due = zoom >= entry.label.minZoom;
      if (due && !entry.shown) entry.marker.addTo(map);
      if (!due && entry.shown) entry.marker.remove();
      entry.shown = due;
    }
  };
  update();
  map.on("zoomend", update);
  return () => {
    map.off("zoomend", update);
    for (const entry of markers) entry.marker.remove();
  };
}
