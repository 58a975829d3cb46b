export const COMPASS_POINTS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** A bearing as 0-359° clockwise from north (turf gives -180..180). */
export function normalizeBearing(degrees: number): number {
  return Math.round(((degrees % 360) + 360) % 360) % 360;
}

/** The nearest of the eight compass points, each 45° wide centred on its direction. */
export function compassPoint(degrees: number): CompassPoint {
  return COMPASS_POINTS[Math.round(normalizeBearing(degrees) / 45) % 8] ?? "N";
}

/**
 * A typed point as "latitude, longitude" in decimal degrees, the order phones and maps show coordinates in; a comma
 * or spaces between them, a decimal comma accepted when a semicolon or spaces separate the two. Null when unreadable
 * or out of range. Returns [longitude, latitude].
 */
export function parseCoordinates(text: string): [number, number] | null {
  const trimmed = text.trim();
  const parts = /[;\s]/.test(trimmed.replace(/\s*,\s*/g, ","))
    ? trimmed.split(/\s*[;\s]\s*/)
    : trimmed.split(/\s*,\s*/);
  if (parts.length !== 2) return null;
  const [latitude, longitude] = parts.map((part) => Number(part.replace(",", ".")));
  if (latitude === undefined || longitude === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return [longitude, latitude];
}
