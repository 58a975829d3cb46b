import type { FeatureCollection } from "geojson";
import type { maplibregl } from "./maplibre.ts";
import type { TeamLayerContent } from "../../../shared/map/team-layer.ts";

const SOURCE = "team-layers";
/** Fill under outline under points, all painted in each layer's own colour. */
const MAP_LAYERS = ["team-layers-fill", "team-layers-line", "team-layers-point"] as const;

/** The shown layers' features as one collection, each feature carrying its layer's colour and id. */
export function teamLayerFeatures(
  layers: readonly TeamLayerContent[],
  hidden: ReadonlySet<string> = new Set(),
): FeatureCollection {
  return {
    type: "FeatureCollection",
    features: layers
      .filter((layer) => !hidden.has(layer.id))
      .flatMap((layer) =>
        layer.features.features.map((feature) => ({
          ...feature,
          properties: { ...feature.properties, color: layer.color, layerId: layer.id },
        })),
      ),
  };
}

/** The box around the shown layers ([west, south, east, north]), for framing a map with nothing else to show. */
export function teamLayersBounds(layers: readonly TeamLayerContent[]): [number, number, number, number] | null {
  if (!layers.length) return null;
  return [
    Math.min(...layers.map((layer) => layer.bbox.west)),
    Math.min(...layers.map((layer) => layer.bbox.south)),
    Math.max(...layers.map((layer) => layer.bbox.east)),
    Math.max(...layers.map((layer) => layer.bbox.north)),
  ];
}

/**
 * Draws the team layers on a map (adding its source and style layers the first time), below `beforeId` when given
 * so a record's own shape and position stay on top.
 */
export function showTeamLayers(map: maplibregl.Map, data: FeatureCollection, beforeId?: string): void {
  const source = map.getSource<maplibregl.GeoJSONSource>(SOURCE);
  if (source) {
    void source.setData(data);
    return;
  }
  map.addSource(SOURCE, { type: "geojson", data });
  const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
  const color: maplibregl.ExpressionSpecification = ["get", "color"];
  map.addLayer(
    {
      id: MAP_LAYERS[0],
      type: "fill",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "Polygon"],
      paint: { "fill-color": color, "fill-opacity": 0.15 },
    },
    before,
  );
  map.addLayer(
    {
      id: MAP_LAYERS[1],
      type: "line",
      source: SOURCE,
      filter: ["!=", ["geometry-type"], "Point"],
      paint: { "line-color": color, "line-width": 2 },
    },
    before,
  );
  map.addLayer(
    {
      id: MAP_LAYERS[2],
      type: "circle",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "Point"],
      paint: { "circle-color": color, "circle-radius": 5, "circle-stroke-color": "#ffffff", "circle-stroke-width": 1 },
    },
    before,
  );
}
