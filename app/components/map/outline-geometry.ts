import type { MultiPolygon, Polygon, Position } from "geojson";

/** A place name drawn on the base map from `minZoom` on. */
export interface PlaceLabel {
  name: string;
  at: [number, number];
  minZoom: number;
  kind: "country" | "capital" | "town";
}

/** GeoJSON types a position as number[]; the format requires its longitude and latitude. */
function lngLat(position: Position | undefined): [number, number] {
  const [lng, lat] = position ?? [];
  if (lng === undefined || lat === undefined)
    throw new TypeError("A GeoJSON position needs a longitude and a latitude");
  return [lng, lat];
}

/** Signed planar area and centroid of a ring in degrees: at label precision the projection does not matter. */
function ringCentroid(ring: Position[]): { area: number; at: [number, number] } {
  let area = 0;
  let x = 0;
  let y = 0;
  let [previousX, previousY] = lngLat(ring.at(-1));
  for (const position of ring) {
    const [pointX, pointY] = lngLat(position);
    const cross = previousX * pointY - pointX * previousY;
    area += cross;
    x += (previousX + pointX) * cross;
    y += (previousY + pointY) * cross;
    [previousX, previousY] = [pointX, pointY];
  }
  area /= 2;
  return area === 0 ? { area: 0, at: lngLat(ring[0]) } : { area: Math.abs(area), at: [x / (6 * area), y / (6 * area)] };
}

/**
 * Where a country's name goes: the centroid of its largest landmass (France's name over France, not between it and
 * French Guiana), and from which zoom on, by that landmass's size, so small countries are named once there is room.
 */
export function countryLabel(name: string, geometry: Polygon | MultiPolygon): PlaceLabel {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  const largest = polygons
    .map((polygon) => ringCentroid(polygon[0] ?? []))
    .reduce((best, next) => (next.area > best.area ? next : best));
  const minZoom = largest.area > 400 ? 2 : largest.area > 60 ? 3 : largest.area > 8 ? 4 : largest.area > 1 ? 5 : 6;
  return { name, at: largest.at, minZoom, kind: "country" };
}

/**
 * Natural Earth cuts Fiji, Russia and Antarctica at the antimeridian for spherical renderers; drawn flat, a step from
 * 180° to -180° is a line (or a filled band) across the whole world. Unwrapping keeps each step under 180°, so the
 * shape simply continues past 180° (MapLibre draws it on the next world copy). A ring that goes round a pole
 * (Antarctica) cannot close unwrapped and stays as it is: its cut lies beyond the map's ±85°.
 */
export function unwrapLongitudes(line: Position[], closed: boolean): Position[] {
  let offset = 0;
  let previousLng: number | undefined;
  const unwrapped = line.map((point) => {
    const [lng] = lngLat(point);
    if (previousLng !== undefined) {
      const step = lng - previousLng;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    previousLng = lng;
    return offset === 0 ? point : [lng + offset, ...point.slice(1)];
  });
  return closed && offset !== 0 ? line : unwrapped;
}
