/**
 * Line (XLSForm geotrace) and area (geoshape) answers: a plain GeoJSON geometry, positions [longitude, latitude]
 * (a third number, altitude, is accepted and ignored). The collect form and the sync endpoint run the same rules.
 */
import { z } from "zod";
import type { FieldError, FieldErrorKey } from "../fields/field-errors.ts";
import { ringSelfIntersects } from "./ring-intersection.ts";

/**
 * Most vertices of one line or area. A 5 km boundary walked with a vertex every metre is 5,000 vertices, about
 * 180 KB of JSON: it still fits one record's answers (MAX_ANSWERS_BYTES) and the quadratic worst case of the
 * self-intersection check stays well under the sync batch's evaluation budget.
 */
export const GEOMETRY_VERTICES_MAX = 5000;

export const LINE_VERTICES_MIN = 2;
/** Distinct vertices of an area's ring; the stored ring repeats the first one at the end. */
export const AREA_VERTICES_MIN = 3;

const GEOMETRY_ERROR_KEYS = [
  "invalidGeometry",
  "coordinatesOutOfRange",
  "geometryTooFewPoints",
  "geometryTooManyPoints",
  "areaNotClosed",
  "areaSelfIntersects",
] as const satisfies readonly FieldErrorKey[];
type GeometryErrorKey = (typeof GEOMETRY_ERROR_KEYS)[number];

const longitude = z.number("invalidGeometry").min(-180, "coordinatesOutOfRange").max(180, "coordinatesOutOfRange");
const latitude = z.number("invalidGeometry").min(-90, "coordinatesOutOfRange").max(90, "coordinatesOutOfRange");
const altitude = z.number("invalidGeometry");

export const positionSchema = z.union([z.tuple([longitude, latitude]), z.tuple([longitude, latitude, altitude])], {
  error: "invalidGeometry",
});
/** [longitude, latitude] or [longitude, latitude, altitude]. */
export type Position = z.output<typeof positionSchema>;

function countIssue(count: number, min: number): { message: GeometryErrorKey; params: Record<string, number> } | null {
  if (count < min) return { message: "geometryTooFewPoints", params: { min } };
  if (count > GEOMETRY_VERTICES_MAX)
    return { message: "geometryTooManyPoints", params: { max: GEOMETRY_VERTICES_MAX } };
  return null;
}

export const lineAnswerSchema = z
  .strictObject(
    { type: z.literal("LineString", "invalidGeometry"), coordinates: z.array(positionSchema, "invalidGeometry") },
    "invalidGeometry",
  )
  .superRefine((line, context) => {
    const issue = countIssue(line.coordinates.length, LINE_VERTICES_MIN);
    if (issue) context.addIssue({ code: "custom", path: ["coordinates"], ...issue });
  });
export type LineAnswer = z.output<typeof lineAnswerSchema>;

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export const areaAnswerSchema = z
  .strictObject(
    {
      type: z.literal("Polygon", "invalidGeometry"),
      // One ring: an area with holes is not something the collect map draws.
      coordinates: z.tuple([z.array(positionSchema, "invalidGeometry")], "invalidGeometry"),
    },
    "invalidGeometry",
  )
  .superRefine((area, context) => {
    const ring = area.coordinates[0];
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (first === undefined || last === undefined || !samePosition(first, last)) {
      context.addIssue({ code: "custom", path: ["coordinates"], message: "areaNotClosed" });
      return;
    }
    const issue = countIssue(distinctVertices(ring).length - 1, AREA_VERTICES_MIN);
    if (issue) context.addIssue({ code: "custom", path: ["coordinates"], ...issue });
    else if (ringSelfIntersects(distinctVertices(ring)))
      context.addIssue({ code: "custom", path: ["coordinates"], message: "areaSelfIntersects" });
  });
export type AreaAnswer = z.output<typeof areaAnswerSchema>;

/** The ring without vertices repeated in a row (a GPS walk standing still), still closed. */
export function distinctVertices(ring: readonly Position[]): Position[] {
  return ring.filter((position, index) => index === 0 || !samePosition(position, ring[index - 1] as Position));
}

/**
 * A stored line or area by its shape only, for payloads that carry thousands (the data map): the server validated
 * each answer once, at sync.
 */
export const storedGeometrySchema: z.ZodType<LineAnswer | AreaAnswer> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("LineString"), coordinates: z.array(positionSchema) }),
  z.object({ type: z.literal("Polygon"), coordinates: z.tuple([z.array(positionSchema)]) }),
]);

export type GeometryFieldType = "line" | "area";

function isGeometryErrorKey(message: string): message is GeometryErrorKey {
  return (GEOMETRY_ERROR_KEYS as readonly string[]).includes(message);
}

/** Why a line or area answer is refused (the first problem), or null when it is acceptable. */
export function geometryAnswerError(fieldType: GeometryFieldType, value: unknown): FieldError | null {
  const schema = fieldType === "line" ? lineAnswerSchema : areaAnswerSchema;
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (issue === undefined || !isGeometryErrorKey(issue.message)) return { key: "invalidGeometry" };
  const params = issue.code === "custom" ? (issue.params as Record<string, number> | undefined) : undefined;
  return params === undefined ? { key: issue.message } : { key: issue.message, params };
}
