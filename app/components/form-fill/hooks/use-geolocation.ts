import { useCallback, useEffect, useRef, useState } from "react";
import {
  GEOLOCATION_OPTIONS,
  geolocationErrorKey,
  toCapturedPosition,
  type CapturedPosition,
  type GeolocationErrorKey,
} from "../logic/gps.ts";

export type GpsState = "idle" | "capturing" | "captured" | "error";

/** One fresh, high-accuracy fix per request (spec 001 §4 GPS: not captured, capturing, captured, error). */
export function useGeolocation(onCaptured: (position: CapturedPosition) => void) {
  const [state, setState] = useState<GpsState>("idle");
  const [error, setError] = useState<GeolocationErrorKey | null>(null);
  const mounted = useRef(true);
  const callback = useRef(onCaptured);
  useEffect(() => {
    callback.current = onCaptured;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const capture = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setState("error");
      setError("unsupported");
      return;
    }
    setState("capturing");
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setState("captured");
        callback.current(toCapturedPosition(position));
      },
      (failure) => {
        if (!mounted.current) return;
        setState("error");
        setError(geolocationErrorKey(failure.code));
      },
      GEOLOCATION_OPTIONS,
    );
  }, []);

  return { state, error, capture };
}
