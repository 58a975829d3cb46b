import { useCallback, useEffect, useRef, useState } from "react";
import {
  geolocationErrorKey,
  toCapturedPosition,
  type CapturedPosition,
  type GeolocationErrorKey,
} from "../logic/gps.ts";

/** High accuracy and never a cached fix, as for a point; no timeout: a watch waits as long as the satellites take. */
const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0 };

export interface PositionWatch {
  watching: boolean;
  error: GeolocationErrorKey | null;
  start(): void;
  stop(): void;
}

/**
 * Follows the device with `watchPosition` between start and stop, handing every fix to `onFix`. The watch ends on
 * an error and when the component leaves the screen, so no GPS keeps running behind a closed question.
 */
export function usePositionWatch(onFix: (fix: CapturedPosition) => void): PositionWatch {
  const [watching, setWatching] = useState(false);
  const [error, setError] = useState<GeolocationErrorKey | null>(null);
  const watchId = useRef<number | null>(null);
  const callback = useRef(onFix);
  useEffect(() => {
    callback.current = onFix;
  });

  const stop = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
    setWatching(false);
  }, []);

  const start = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setError("unsupported");
      return;
    }
    if (watchId.current !== null) return;
    setError(null);
    setWatching(true);
    watchId.current = navigator.geolocation.watchPosition(
      (position) => callback.current(toCapturedPosition(position)),
      (failure) => {
        setError(geolocationErrorKey(failure.code));
        stop();
      },
      WATCH_OPTIONS,
    );
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { watching, error, start, stop };
}
