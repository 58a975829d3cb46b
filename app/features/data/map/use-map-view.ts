import { useState } from "react";
import { keepPreviousData, useQuery, type QueryKey } from "@tanstack/react-query";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import type { MapViewRequest } from "../api/data-api.ts";
import type { MapViewport } from "./records-map.tsx";

/** The zoom the map opens at: the whole world's request is cut into cells of that zoom. */
const WORLD_ZOOM = 3;
/** A burst of moves and zooms (a fling, a double-click, the first fit) asks once, when the map settles. */
const VIEW_DEBOUNCE_MS = 250;

/**
 * A map computed per view (issues 25 and 27), for the data map and the /maps overview alike: the whole world's answer
 * gives the counts and the extent to frame; then every settled view asks for its own clusters or records. A newer
 * view aborts an older one's request, and what is drawn stays (as does the map under a new filter) until the new
 * answer arrives.
 */
export function useMapView<T>(
  keyOf: (view: MapViewRequest | null) => QueryKey,
  fetchView: (view: MapViewRequest, signal: AbortSignal) => Promise<T>,
) {
  const world = useQuery({
    queryKey: keyOf(null),
    queryFn: ({ signal }) => fetchView({ zoom: WORLD_ZOOM }, signal),
    placeholderData: keepPreviousData,
  });
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const settled = useDebouncedValue(viewport, VIEW_DEBOUNCE_MS);
  const view = useQuery({
    queryKey: keyOf(settled),
    queryFn: ({ signal }) => fetchView(settled ?? { zoom: WORLD_ZOOM }, signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
  return { world, view, shown: view.data ?? world.data, setViewport };
}
