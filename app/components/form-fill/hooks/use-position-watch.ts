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
 * Follows the device with `watchPosition` between start and stop, handing every fix to `onFix`; a lost signal is
 * shown until the next fix. The watch ends when permission is refused and when the component leaves the screen, so no
 * GPS keeps running behind a closed question.
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
      (position) => {
        setError(null);
        callback.current(toCapturedPosition(position));
      },
      (failure) => {
        const key = geolocationErrorKey(failure.code);
        setError(key);
        // A lost signal (under trees, between buildings) passes and the watch goes on; a refusal does not.
        if (key === "denied") stop();
      },
      WATCH_OPTIONS,
    );
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { watching, error, start, stop };
}
