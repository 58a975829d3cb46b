import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { TeamLayerContent } from "../../../shared/map/team-layer.ts";

/** The team layers a screen's maps draw, which ones the legend switched off, and whether taps snap to them. */
export interface TeamLayersView {
  layers: readonly TeamLayerContent[];
  hidden: ReadonlySet<string>;
  /** The layers the legend shows: what the maps draw and taps snap to. */
  shown: readonly TeamLayerContent[];
  toggle(layerId: string): void;
  snapping: boolean;
  setSnapping(on: boolean): void;
}

const NONE: TeamLayersView = {
  layers: [],
  hidden: new Set(),
  shown: [],
  toggle: () => undefined,
  snapping: false,
  setSnapping: () => undefined,
};
const TeamLayersContext = createContext<TeamLayersView>(NONE);

export const TeamLayersProvider = TeamLayersContext.Provider;

/** The screen's team layers; none where no screen provides them (the designer's preview). */
export function useTeamLayersView(): TeamLayersView {
  return useContext(TeamLayersContext);
}

/** The collector's choice outlives the form: someone who turned snapping off for a survey keeps it off. */
const SNAPPING_KEY = "campo:snap-to-layers";

function storedSnapping(): boolean {
  try {
    return localStorage.getItem(SNAPPING_KEY) !== "off";
  } catch {
    return true;
  }
}

/** The view for a screen's layers: every layer shown, snapping on unless the collector turned it off. */
export function useTeamLayersState(layers: readonly TeamLayerContent[] | undefined): TeamLayersView {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [snapping, setSnappingState] = useState(storedSnapping);
  const toggle = useCallback(
    (layerId: string) =>
      setHidden((current) => {
        const next = new Set(current);
        if (!next.delete(layerId)) next.add(layerId);
        return next;
      }),
    [],
  );
  const setSnapping = useCallback((on: boolean) => {
    setSnappingState(on);
    try {
      localStorage.setItem(SNAPPING_KEY, on ? "on" : "off");
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return useMemo(() => {
    const all = layers ?? NONE.layers;
    const shown = all.filter((layer) => !hidden.has(layer.id));
    return { layers: all, hidden, shown, toggle, snapping, setSnapping };
  }, [layers, hidden, toggle, snapping, setSnapping]);
}
