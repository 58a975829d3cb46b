import { useCallback, useEffect, useRef, useState } from "react";
import type { LngLat } from "../../../../shared/geo/geometry-measure.ts";
import type { CapturedPosition } from "../logic/gps.ts";
import { walkDecision, type WalkDecision, type WalkSettings } from "../logic/walk-recorder.ts";
import { usePositionWatch, type PositionWatch } from "./use-position-watch.ts";

export interface Walk extends PositionWatch {
  /** The latest fix and what became of it. */
  fix: CapturedPosition | null;
  decision: WalkDecision | null;
}

/**
 * Records a line or an area by walking it: every fix that is accurate enough and far enough from the last vertex is
 * handed to `onVertex`.
 */
export function useWalk(
  lastVertex: LngLat | undefined,
  settings: WalkSettings,
  onVertex: (vertex: CapturedPosition) => void,
): Walk {
  const [fix, setFix] = useState<CapturedPosition | null>(null);
  const [decision, setDecision] = useState<WalkDecision | null>(null);
  const latest = useRef({ lastVertex, settings, onVertex });
  useEffect(() => {
    latest.current = { lastVertex, settings, onVertex };
  });
  const onFix = useCallback((captured: CapturedPosition) => {
    const { lastVertex: last, settings: current, onVertex: add } = latest.current;
    const next = walkDecision(last, captured, current);
    setFix(captured);
    setDecision(next);
    if (next !== "added") return;
    // The next fix is measured from this vertex even before the answer comes back through the form.
    latest.current.lastVertex = [captured.longitude, captured.latitude];
    add(captured);
  }, []);
  const watch = usePositionWatch(onFix);
  return { ...watch, fix, decision };
}
