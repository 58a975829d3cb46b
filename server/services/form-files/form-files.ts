import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { lockApplication } from "../../db/queries/applications.ts";
import {
  closeFormFile,
  countCurrentFormFiles,
  deleteFormFile,
  findCurrentFormFile,
  findFormFile,
  insertFormFile,
  type FormFileSummary,
} from "../../db/queries/form-files.ts";
import { ApiError } from "../../lib/api-error.ts";
import { logger } from "../../lib/logger.ts";
import { versionChangedFiles } from "../applications/form-versioning.ts";
import { assertStorageRoom } from "../limits/storage-limit.ts";
import type { Storage } from "../storage/storage.ts";
import { FORM_FILES_MAX, type FormFileUpload } from "../../../shared/form-files/form-files.ts";
import { parseFormFile } from "./parse-form-file.ts";

/** Storage folder of form files; apart from record media, which the weekly sweep lists. */
export const FORM_FILES_FOLDER = "form-files";

interface FileChange {
  db: Db;
  storage: Storage;
  actorId: string;
  applicationId: string;
}

/** Drops the bytes of an upload whose row was never written; a failure only leaves an unreferenced object behind. */
async function deleteStored(storage: Storage, key: string | undefined): Promise<void> {
  if (key === undefined) return;
  await storage.delete(key).catch((error: unknown) => logger.warn("form file not removed", { key, error }));
}

/**
 * The current file stops serving from `version`: closed, or deleted when no version before kept it (the form had no
 * records to pin it); a deleted row's bytes are queued for removal by the table's trigger (migration 0010).
 */
async function retire(tx: Db, file: FormFileSummary, version: number): Promise<void> {
  if (file.fromVersion < version) await closeFormFile(tx, file.id, version);
  else await deleteFormFile(tx, file.id);
}

/**
 * Attaches a file to the form, or replaces the current file of that name. The file is parsed and checked before
 * anything is stored, its bytes written before its row (a row never points at nothing), and the change versions the
 * form (versionChangedFiles) so earlier records keep their files.
 */
export async function attachFormFile(
  change: FileChange & { ownerId: string; superAdminEmails: readonly string[] },
  upload: FormFileUpload,
): Promise<FormFileSummary> {
  const { db, storage, applicationId } = change;
  const bytes = new Uint8Array(Buffer.from(upload.data, "base64"));
  const parsed = await parseFormFile(upload.name, bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await assertStorageRoom(db, change.superAdminEmails, change.ownerId, sha256, bytes.byteLength);
  const id = randomUUID();
  const storageKey = `${FORM_FILES_FOLDER}/${applicationId}/${id}`;
  await storage.put(storageKey, bytes, parsed.contentType);
  try {
    return await db.transaction(async (tx) => {
      const current = await lockApplication(tx, applicationId);
      if (!current) throw new ApiError("APPLICATION_NOT_FOUND", "Application not found");
      const existing = await findCurrentFormFile(tx, applicationId, upload.name);
      if (!existing && (await countCurrentFormFiles(tx, applicationId)) >= FORM_FILES_MAX)
        throw new ApiError("FORM_FILES_LIMIT_REACHED", `A form holds at most ${FORM_FILES_MAX} files`);
      const version = await versionChangedFiles(tx, change.actorId, current);
      if (existing) await retire(tx, existing, version);
      return insertFormFile(tx, {
        id,
        applicationId,
        name: upload.name,
        kind: parsed.kind,
        storageKey,
        contentType: parsed.contentType,
        sha256,
        bytes: bytes.byteLength,
        rowCount: parsed.table?.rows.length ?? null,
        columns: parsed.table?.columns ?? null,
        tableData: parsed.table ?? null,
        fromVersion: version,
        createdBy: change.actorId,
      });
    });
  } catch (error) {
    await deleteStored(storage, storageKey);
    throw error;
  }
}

/** Removes a current file from the form (versions that used it keep it). */
export async function removeFormFile(change: Omit<FileChange, "storage">, fileId: string): Promise<void> {
  const { db, applicationId } = change;
  await db.transaction(async (tx) => {
    const current = await lockApplication(tx, applicationId);
    const file = current ? await findFormFile(tx, applicationId, fileId) : undefined;
    if (!current || !file || file.toVersion !== null) throw new ApiError("NOT_FOUND", "Form file not found");
    const version = await versionChangedFiles(tx, change.actorId, current);
    await retire(tx, file, version);
  });
}
