import { useEffect, useRef, useState } from "react";
import type { FeatureCollection } from "geojson";
import { maplibregl } from "../../../components/map/maplibre.ts";
import { openBaseMap } from "../../../components/map/base-map.ts";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import type { EntityPointDto } from "../../../../shared/entities/entity-browse.ts";

const ENTITY_COLOR = "#15803d";
const CONFLICT_COLOR = "#f97316";

function pointsCollection(points: readonly EntityPointDto[]): FeatureCollection {
  return {
    type: "FeatureCollection",
    features: points.map((point) => ({
      type: "Feature",
      id: point.id,
      geometry: { type: "Point", coordinates: [point.longitude, point.latitude] },
      properties: { id: point.id, label: point.label, conflict: point.conflict },
    })),
  };
}

/**
 * The placed entities matching the page's filters, green (orange with a conflict), framed to fit them; a tap opens
 * one. The list beside it is the keyboard's and screen reader's way to the same entities.
 */
export default function EntityMap({
  baseMap,
  label,
  points,
  onPick,
}: {
  baseMap: BaseMap;
  label: string;
  points: readonly EntityPointDto[];
  onPick(entityId: string): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const pick = useRef(onPick);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const opened = openBaseMap(host, baseMap, { center: [-47.9, -15.8], zoom: 3, maxZoom: 20 }, (map) => {
      map.addSource("entities", { type: "geojson", data: pointsCollection([]) });
      map.addLayer({
        id: "entities-points",
        type: "circle",
        source: "entities",
        paint: {
          "circle-color": ["case", ["get", "conflict"], CONFLICT_COLOR, ENTITY_COLOR],
          "circle-radius": 6,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 1.5,
        },
      });
      map.on("click", "entities-points", (event) => {
        const id: unknown = event.features?.[0]?.properties["id"];
        if (typeof id === "string") pick.current(id);
      });
      map.on("mouseenter", "entities-points", () => (map.getCanvas().style.cursor = "pointer"));
      map.on("mouseleave", "entities-points", () => (map.getCanvas().style.cursor = ""));
      mapRef.current = map;
      setReady(true);
    });
    return () => {
      mapRef.current = null;
      setReady(false);
      opened.close();
    };
  }, [baseMap]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    void map.getSource<maplibregl.GeoJSONSource>("entities")?.setData(pointsCollection(points));
    if (points.length === 0) return;
    const bounds = new maplibregl.LngLatBounds();
    for (const point of points) bounds.extend([point.longitude, point.latitude]);
    map.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
  }, [points, ready]);

  return (
    <div
      ref={container}
      role="group"
      aria-label={label}
      className="h-72 w-full overflow-hidden rounded-md border border-border"
      data-testid="entity-map"
      data-ready={ready}
      data-points={ready ? points.length : 0}
    />
  );
}
