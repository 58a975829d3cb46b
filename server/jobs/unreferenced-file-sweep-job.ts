import type { Db } from "../db/client.ts";
import { findNamedStorageKeys } from "../db/queries/attachments.ts";
import { logger } from "../lib/logger.ts";
import { MEDIA_FOLDER } from "../services/storage/attachments.ts";
import type { Storage, StoredObject } from "../services/storage/storage.ts";
import type { JobDefinition } from "./job-queue.ts";
import { ORPHAN_UPLOAD_AGE_MS } from "./orphan-upload-cleanup-job.ts";

const BATCH = 500;

export interface SweepSummary {
  /** Media files in storage. */
  listed: number;
  /** Written too recently to judge: an upload writes its file just before its row. */
  recent: number;
  removed: number;
}

/**
 * Removes media files no attachment row names, written more than a day before `now`. The removal queue covers every
 * row deleted since migration 0006; this finds what it cannot: files of rows deleted before it (records, data and
 * applications deleted earlier) and files whose upload died between writing the bytes and inserting the row. A row
 * never comes to name an existing file later (keys carry the new row's id), so a file no row names is garbage for good.
 */
export async function sweepUnreferencedFiles(db: Db, storage: Storage, now: Date): Promise<SweepSummary> {
  const before = now.getTime() - ORPHAN_UPLOAD_AGE_MS;
  const summary: SweepSummary = { listed: 0, recent: 0, removed: 0 };
  let batch: StoredObject[] = [];
  const sweep = async () => {
    const named = await findNamedStorageKeys(
      db,
      batch.map((object) => object.key),
    );
    for (const { key } of batch)
      if (!named.has(key)) {
        await storage.delete(key);
        summary.removed++;
      }
    batch = [];
  };
  for await (const object of storage.list(MEDIA_FOLDER)) {
    summary.listed++;
    if (object.modifiedAt.getTime() >= before) summary.recent++;
    else batch.push(object);
    if (batch.length === BATCH) await sweep();
  }
  await sweep();
  return summary;
}

/** Weekly, Sunday at 04:23: listing a whole bucket is the slowest of the jobs, so it runs when collectors sleep. */
export function unreferencedFileSweepJob(db: Db, storage: Storage, now = () => new Date()): JobDefinition<object> {
  return {
    name: "unreferenced-file-sweep",
    cron: "23 4 * * 0",
    retryLimit: 2,
    async handle() {
      const summary = await sweepUnreferencedFiles(db, storage, now());
      logger.info("unreferenced media files swept", { ...summary });
    },
  };
}
