/**
 * The geometry functions of the expression language. Line and area answers read as ODK's "lat lng alt acc;…" text
 * and a location as "lat lng" (shared/forms/answer-values.ts), so these take text as ODK's do:
 * - `area(${shape})`: square metres of an area (ODK's area());
 * - `distance(${trace})`: metres along a line, an area's outline, or a list of locations — a repeat's location
 *   answers, or several arguments (ODK's distance());
 * - `inside(${point}, ${shape})`: whether a location lies in an area (or on its edge), for geofence constraints.
 *   ODK has no standard geofence function; Campo names it `inside` (docs/decisions.md).
 * Text that is no location reads as empty (area, distance) or false (inside).
 */
import type { FieldType } from "../fields/field-types.ts";
import { AREA_VERTICES_MIN, type AreaAnswer, type Position } from "../geo/geometry-answer.ts";
import { distanceMeters, pointInPolygon, polygonAreaSquareMeters } from "../geo/geometry-measure.ts";
import { odkTextPositions } from "../geo/geometry-text.ts";
import type { FunctionSpec } from "./functions.ts";
import { isEmptyValue, toList, toText, type ExpressionValue } from "./values.ts";

const MAX_POINT_ARGUMENTS = 50;

function arg(args: readonly (() => ExpressionValue)[], index: number): ExpressionValue {
  const thunk = args[index];
  return thunk === undefined ? null : thunk();
}

/** The positions of a value: geotrace/geoshape/point text, or a list of such (each item's positions in order). */
function positionsOf(value: ExpressionValue): Position[] | null {
  if (isEmptyValue(value)) return null;
  if (!Array.isArray(value)) return odkTextPositions(toText(value));
  const positions: Position[] = [];
  for (const item of toList(value)) {
    const part = positionsOf(item);
    if (part === null) return null;
    positions.push(...part);
  }
  return positions;
}

/** An area from text, its ring closed if the text left it open; null when it has too few corners. */
function areaOf(value: ExpressionValue): AreaAnswer | null {
  const positions = positionsOf(value);
  if (positions === null) return null;
  const [first] = positions;
  const last = positions[positions.length - 1];
  if (first === undefined || last === undefined) return null;
  const ring = first[0] === last[0] && first[1] === last[1] ? positions : [...positions, first];
  return ring.length >= AREA_VERTICES_MIN + 1 ? { type: "Polygon", coordinates: [ring] } : null;
}

function pathMeters(positions: readonly Position[]): number {
  let total = 0;
  for (let index = 1; index < positions.length; index++)
    total += distanceMeters(positions[index - 1] as Position, positions[index] as Position);
  return total;
}

const GEO_TEXT: readonly ("text" | "list")[] = ["text"];

export const GEO_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  area: {
    minArgs: 1,
    maxArgs: 1,
    returns: () => "number",
    accepts: [GEO_TEXT],
    run: (args) => {
      const area = areaOf(arg(args, 0));
      return area === null ? null : polygonAreaSquareMeters(area);
    },
  },
  distance: {
    minArgs: 1,
    maxArgs: MAX_POINT_ARGUMENTS,
    returns: () => "number",
    accepts: Array.from({ length: MAX_POINT_ARGUMENTS }, () => ["text", "list"] as const),
    run: (args) => {
      const positions = positionsOf(args.map((thunk) => thunk()));
      return positions === null || positions.length < 2 ? null : pathMeters(positions);
    },
  },
  inside: {
    minArgs: 2,
    maxArgs: 2,
    returns: () => "boolean",
    accepts: [GEO_TEXT, GEO_TEXT],
    run: (args) => {
      const point = positionsOf(arg(args, 0));
      const area = areaOf(arg(args, 1));
      return point !== null && point.length === 1 && area !== null && pointInPolygon(point[0] as Position, area);
    },
  },
};

/**
 * The field types each geometry function's arguments may name, by position (the last entry covers the rest).
 * Calculated and hidden values may hold such text too, so they are not refused.
 */
export const GEO_ARGUMENT_FIELD_TYPES: Readonly<Record<string, readonly (readonly FieldType[])[]>> = {
  area: [["area"]],
  distance: [["line", "area", "gps"]],
  inside: [["gps"], ["area"]],
};

/** Whether a field of this type may be an argument at `index` of a geometry function (true for other functions). */
export function fitsGeoArgument(name: string, index: number, fieldType: FieldType): boolean {
  const positions = GEO_ARGUMENT_FIELD_TYPES[name];
  if (positions === undefined || fieldType === "calculation" || fieldType === "hidden") return true;
  const allowed = positions[Math.min(index, positions.length - 1)];
  return allowed === undefined || allowed.includes(fieldType);
}
