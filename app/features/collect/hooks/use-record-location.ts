import { useCallback, useState } from "react";
import type { CapturedPosition, GeolocationErrorKey } from "../../../components/form-fill/logic/gps.ts";
import { useGeolocation, type GpsState } from "../../../components/form-fill/hooks/use-geolocation.ts";

export interface RecordLocation {
  position: CapturedPosition | null;
  state: GpsState;
  error: GeolocationErrorKey | null;
  /** A fresh fix on demand (the header's button). */
  refresh: () => void;
  /** A form opens: show `initial` (a restored draft's or the edited record's) and, when asked, get a fresh fix. */
  begin: (initial: CapturedPosition | null, capture: boolean) => void;
}

/**
 * The record's own location (spec 001 §3: latitude, longitude, accuracy, timestamp), captured by the device when
 * the form opens, whatever fields the form has. Geolocation needs no network, so offline works the same.
 */
export function useRecordLocation(): RecordLocation {
  const [position, setPosition] = useState<CapturedPosition | null>(null);
  const gps = useGeolocation(setPosition);
  const { capture } = gps;
  const begin = useCallback(
    (initial: CapturedPosition | null, fresh: boolean) => {
      setPosition(initial);
      if (fresh) capture();
    },
    [capture],
  );
  return { position, state: gps.state, error: gps.error, refresh: capture, begin };
}
