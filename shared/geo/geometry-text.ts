/**
 * Lines and areas as ODK writes them in expressions and its own exchange format: "lat lng alt acc;lat lng alt acc;…"
 * (latitude first). Expressions read a line or area answer in this form, so `area(${plot})` and
 * `distance(${route})` work as in ODK forms; Campo stores GeoJSON (geometry-answer.ts).
 */
import type { AreaAnswer, LineAnswer, Position } from "./geometry-answer.ts";

/** "lat lng 0 0;…": ODK's geotrace/geoshape text, altitude and accuracy unknown (0). */
export function geometryToOdkText(geometry: LineAnswer | AreaAnswer): string {
  const positions = geometry.type === "LineString" ? geometry.coordinates : geometry.coordinates[0];
  return positions.map((position) => `${position[1]} ${position[0]} 0 0`).join(";");
}

/**
 * The [longitude, latitude] positions of ODK geotrace/geoshape text or of one "lat lng" point; null when a part is
 * not a location. Extra numbers (altitude, accuracy) are ignored.
 */
export function odkTextPositions(text: string): Position[] | null {
  const parts = text.split(";").map((part) => part.trim());
  if (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  const positions: Position[] = [];
  for (const part of parts) {
    const numbers = part.split(/\s+/).map(Number);
    const [latitude, longitude] = numbers;
    if (numbers.length < 2 || latitude === undefined || longitude === undefined) return null;
    if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) return null;
    positions.push([longitude, latitude]);
  }
  return positions;
}
