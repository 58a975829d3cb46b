/**
 * Where GeoJSON and KML place a record: its location (a point) and its line and area answers, in form order. One
 * feature (placemark) per record, so counts and ids stay one per record: a single geometry is written as itself, several
 * as a GeometryCollection (KML: MultiGeometry), the location first (docs/decisions.md).
 */
import type { ExportRow } from "../../db/queries/records.ts";
import type { AreaAnswer, LineAnswer, Position } from "../../../shared/geo/geometry-answer.ts";
import type { ExportColumn } from "./export-columns.ts";

type PointGeometry = { type: "Point"; coordinates: [number, number] };
type RecordGeometry = PointGeometry | LineAnswer | AreaAnswer;

export function recordGeometries(row: ExportRow, columns: readonly ExportColumn[]): RecordGeometry[] {
  const geometries: RecordGeometry[] = [];
  if (row.latitude !== null && row.longitude !== null)
    geometries.push({ type: "Point", coordinates: [row.longitude, row.latitude] });
  for (const column of columns) {
    const geometry = column.geometry?.(row);
    if (geometry) geometries.push(geometry);
  }
  return geometries;
}

/** RFC 7946: null for a record with nothing to place (it stays in the collection, §3.2). */
export function geojsonGeometry(geometries: readonly RecordGeometry[]): object | null {
  if (geometries.length === 0) return null;
  return geometries.length === 1 ? (geometries[0] as RecordGeometry) : { type: "GeometryCollection", geometries };
}

function kmlCoordinates(positions: readonly Position[]): string {
  return positions.map((position) => `${position[0]},${position[1]}`).join(" ");
}

function kmlElement(geometry: RecordGeometry): string {
  switch (geometry.type) {
    case "Point":
      return `<Point><coordinates>${geometry.coordinates[0]},${geometry.coordinates[1]}</coordinates></Point>`;
    case "LineString":
      return `<LineString><tessellate>1</tessellate><coordinates>${kmlCoordinates(geometry.coordinates)}</coordinates></LineString>`;
    case "Polygon":
      return `<Polygon><tessellate>1</tessellate><outerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(geometry.coordinates[0])}</coordinates></LinearRing></outerBoundaryIs></Polygon>`;
  }
}

/** The placemark's geometry element; empty when the record has nothing to place. */
export function kmlGeometry(geometries: readonly RecordGeometry[]): string {
  if (geometries.length <= 1) return geometries.map(kmlElement).join("");
  return `<MultiGeometry>${geometries.map(kmlElement).join("")}</MultiGeometry>`;
}
