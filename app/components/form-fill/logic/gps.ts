/** Spec 001 §9: high accuracy, 10 s timeout, never a cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };

export type AccuracyLevel = "veryGood" | "good" | "poor";

export function accuracyLevel(meters: number): AccuracyLevel {
  if (meters <= 10) return "veryGood";
  if (meters <= 50) return "good";
  return "poor";
}

export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}

export type GeolocationErrorKey = "unsupported" | "denied" | "unavailable" | "timeout";

/** GeolocationPositionError codes: 1 permission denied, 2 position unavailable, 3 timeout. */
export function geolocationErrorKey(code: number): GeolocationErrorKey {
  if (code === 1) return "denied";
  if (code === 3) return "timeout";
  return "unavailable";
}

export interface CapturedPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
  /** ISO date-time of the fix. */
  timestamp: string;
}

export function toCapturedPosition(position: Pick<GeolocationPosition, "coords" | "timestamp">): CapturedPosition {
  return {
    latitude: position.coords.latitude,
    longitude: position.coords.longitude,
    accuracy: position.coords.accuracy,
    timestamp: new Date(position.timestamp).toISOString(),
  };
}

export function isCapturedPosition(value: unknown): value is CapturedPosition {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.latitude === "number" &&
    typeof candidate.longitude === "number" &&
    typeof candidate.accuracy === "number" &&
    typeof candidate.timestamp === "string"
  );
}
