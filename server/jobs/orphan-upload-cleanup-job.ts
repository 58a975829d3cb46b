import type { Db } from "../db/client.ts";
import { isForeignKeyViolation } from "../db/constraint-violation.ts";
import {
  ATTACHMENT_LINK_FK,
  deleteUnlinkedUploads,
  forgetStorageRemovals,
  listStorageRemovals,
} from "../db/queries/attachments.ts";
import { logger } from "../lib/logger.ts";
import type { Storage } from "../services/storage/storage.ts";
import type { JobDefinition } from "./job-queue.ts";

/** How long an upload no record links is kept: the device uploads media just before their record. */
export const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes uploads no record has linked for 24 h, then the files of every attachment row deleted since the last run
 * (the orphans just removed, and media whose last record went). A device still holding a record that names a removed
 * upload is told `media_missing` by sync and uploads the bytes again.
 */
export async function removeOrphanUploads(
  db: Db,
  storage: Storage,
  now: Date,
): Promise<{ rows: number; files: number }> {
  const before = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  let rows = 0;
  for (;;) {
    let removed: number;
    try {
      removed = await deleteUnlinkedUploads(db, before, BATCH);
    } catch (error) {
      // A record linked one of them between the statement's check and its delete: the rest wait for the next run.
      if (isForeignKeyViolation(error, ATTACHMENT_LINK_FK)) break;
      throw error;
    }
    rows += removed;
    if (removed < BATCH) break;
  }
  let files = 0;
  for (;;) {
    const keys = await listStorageRemovals(db, BATCH);
    for (const key of keys) await storage.delete(key);
    await forgetStorageRemovals(db, keys);
    files += keys.length;
    if (keys.length < BATCH) break;
  }
  return { rows, files };
}

/** Hourly, at :41 (away from the other hourly jobs). */
export function orphanUploadCleanupJob(db: Db, storage: Storage, now = () => new Date()): JobDefinition<object> {
  return {
    name: "orphan-upload-cleanup",
    cron: "41 * * * *",
    retryLimit: 2,
    async handle() {
      const removed = await removeOrphanUploads(db, storage, now());
      logger.info("orphan uploads removed", removed);
    },
  };
}
