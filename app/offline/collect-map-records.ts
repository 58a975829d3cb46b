import { isNetworkError } from "../lib/api-client.ts";
import { callApi } from "../lib/api-call.ts";
import { listCollectMapRecords } from "../../shared/api/contracts/collect-map.ts";
import { offlineDb } from "./db.ts";
import type { OutboxRecord } from "./types.ts";
import { areaAnswerSchema, lineAnswerSchema } from "../../shared/geo/geometry-answer.ts";
import { gpsAnswerSchema } from "../../shared/fields/answer-validation.ts";
import { COLLECT_MAP_RECORDS_MAX, type CollectMapRecord } from "../../shared/map/collect-map-records.ts";

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
    server = (await callApi(listCollectMapRecords, { params: { id: applicationId } })).records;
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
  return newestFirst(
    outbox.flatMap((record) => outboxMapRecord(record) ?? []),
    server,
  );
}

/** The phone's records and the server's, newest first; a phone's record stands in for the server's of the same id. */
function newestFirst(local: CollectMapRecord[], server: CollectMapRecord[]): CollectMapRecord[] {
  const localIds = new Set(local.map((record) => record.id));
  return [...local, ...server.filter((record) => !localIds.has(record.id))].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
}

/**
 * Records the server acknowledged join the kept copy as they leave the outbox (by default at once after a sync):
 * the copy was downloaded before they existed, so without this the map loses them offline until the form is next
 * loaded online. Only a form already kept on the device is touched.
 */
export async function keepSyncedOnMap(records: readonly OutboxRecord[]): Promise<void> {
  const db = offlineDb();
  await db.transaction("rw", db.mapRecords, async () => {
    for (const record of records) {
      const mapped = outboxMapRecord(record);
      const kept = mapped && (await db.mapRecords.get([record.ownerKey, record.applicationId]));
      if (!mapped || !kept) continue;
      const merged = newestFirst([mapped], kept.records).slice(0, COLLECT_MAP_RECORDS_MAX);
      await db.mapRecords.put({ ...kept, records: merged });
    }
  });
}
