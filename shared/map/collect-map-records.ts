import { z } from "zod";
import { areaAnswerSchema, lineAnswerSchema } from "../geo/geometry-answer.ts";

/**
 * The application's previous records on the collect map: the latest ones the member may see (all of them for an
 * administrator, a collaborator's own otherwise), downloaded with the form and kept on the phone for offline use.
 */
export const COLLECT_MAP_RECORDS_MAX = 500;

const pair = z.tuple([z.number(), z.number()]);

export const collectMapRecordSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** The record's location, [longitude, latitude]. */
  location: pair.nullable(),
  /** Its line and area answers, in form order. */
  shapes: z.array(z.union([lineAnswerSchema, areaAnswerSchema])),
});
export type CollectMapRecord = z.infer<typeof collectMapRecordSchema>;

export const collectMapRecordsSchema = z.object({ records: z.array(collectMapRecordSchema) });

/** Where "navigate to" leads for a record: its location, else the first vertex of its first line or area. */
export function recordTarget(record: Pick<CollectMapRecord, "location" | "shapes">): [number, number] | null {
  if (record.location) return record.location;
  const shape = record.shapes[0];
  const first = shape?.type === "Polygon" ? shape.coordinates[0][0] : shape?.coordinates[0];
  return first ? [first[0], first[1]] : null;
}
