import { api, isNetworkError } from "../lib/api-client.ts";
import { offlineDb } from "./db.ts";
import type { OutboxRecord } from "./types.ts";
import { areaAnswerSchema, lineAnswerSchema } from "../../shared/geo/geometry-answer.ts";
import { gpsAnswerSchema } from "../../shared/fields/answer-validation.ts";
import type { CollectMapRecord, CollectMapRecordsDto } from "../../shared/map/collect-map-records.ts";

/** The previous records of an application this device keeps for the collect map (see docs/decisions.md). */
export interface CachedMapRecords {
  ownerKey: string;
  applicationId: string;
  records: CollectMapRecord[];
}

/** A record still on the phone (waiting, or sent) as the map shows it: its location and its lines and areas. */
function outboxMapRecord(record: OutboxRecord): CollectMapRecord | null {
  const shapes = Object.values(record.answers).flatMap((answer): CollectMapRecord["shapes"] => {
    const line = lineAnswerSchema.safeParse(answer);
    if (line.success) return [line.data];
    const area = areaAnswerSchema.safeParse(answer);
    return area.success ? [area.data] : [];
  });
  // As on the server: the record's location, else its first GPS answer.
  const place =
    record.location ??
    Object.values(record.answers)
      .map((answer) => gpsAnswerSchema.safeParse(answer))
      .find((parsed) => parsed.success)?.data;
  const location: [number, number] | null = place ? [place.longitude, place.latitude] : null;
  if (!location && !shapes.length) return null;
  return { id: record.editOf ?? record.id, createdAt: record.createdAt, location, shapes };
}

/**
 * The records the collect map shows: online, the latest the server lets the member see (kept on the device);
 * offline, the kept copy. Either way merged with the member's own records in the outbox, newest first, so a record
 * saved offline today is on the map before it syncs (an edit in the outbox stands in for the record it changes).
 */
export async function loadMapRecords(userId: string, applicationId: string): Promise<CollectMapRecord[]> {
  const db = offlineDb();
  let server: CollectMapRecord[];
  try {
    server = (
      await api.get<CollectMapRecordsDto>(`/api/applications/${encodeURIComponent(applicationId)}/collect-map/records`)
    ).records;
    await db.mapRecords.put({ ownerKey: userId, applicationId, records: server }).catch(() => undefined);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    server = (await db.mapRecords.get([userId, applicationId]).catch(() => undefined))?.records ?? [];
  }
  const outbox = await db.outbox
    .where("[ownerKey+applicationId]")
    .equals([userId, applicationId])
    .toArray()
    .catch(() => []);
  const local = outbox.flatMap((record) => outboxMapRecord(record) ?? []);
  const localIds = new Set(local.map((record) => record.id));
  return [...local, ...server.filter((record) => !localIds.has(record.id))].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
}
