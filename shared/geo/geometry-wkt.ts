/**
 * Lines and areas as WKT (OGC Well-Known Text, longitude first): what the CSV and Excel exports put in a cell and
 * OData serves, because QGIS, PostGIS, Power BI's and Excel's map add-ins and pandas/shapely all read it from text.
 */
import type { AreaAnswer, LineAnswer, Position } from "./geometry-answer.ts";

function positionsText(positions: readonly Position[]): string {
  return positions.map((position) => `${position[0]} ${position[1]}`).join(", ");
}

/** "LINESTRING (-47.1 -15.2, -47.2 -15.3)" or "POLYGON ((-47.1 -15.2, …, -47.1 -15.2))". */
export function geometryToWkt(geometry: LineAnswer | AreaAnswer): string {
  return geometry.type === "LineString"
    ? `LINESTRING (${positionsText(geometry.coordinates)})`
    : `POLYGON ((${positionsText(geometry.coordinates[0])}))`;
}
