import type { Db } from "../../db/client.ts";
import { findTableData, listVersionFiles, type VersionFile } from "../../db/queries/form-files.ts";
import type { FormTableData, FormTables } from "../../../shared/expressions/form-table.ts";
import { formTables } from "../../../shared/form-files/form-tables.ts";

/** Parsed tables kept between requests, by file id: a file row never changes, so an entry never goes stale. */
const CACHED_TABLES = 24;
const cache = new Map<string, FormTableData>();

function remember(id: string, data: FormTableData): void {
  cache.delete(id);
  cache.set(id, data);
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHED_TABLES) break;
    cache.delete(oldest);
  }
}

/**
 * The tables a form version was published with, as record validation reads them: the same files, by id, that the
 * phone cached for that version, so both sides check a record against the same rows.
 */
export async function loadVersionTables(db: Db, applicationId: string, version: number): Promise<FormTables> {
  return versionTablesOf(db, await listVersionFiles(db, applicationId, version));
}

/** loadVersionTables for a version whose files are already listed (sync reads them with the application). */
export async function versionTablesOf(db: Db, versionFiles: readonly VersionFile[]): Promise<FormTables> {
  const files = versionFiles.filter((file) => file.kind !== "image");
  const missing = files.filter((file) => !cache.has(file.id)).map((file) => file.id);
  const loaded = await findTableData(db, missing);
  for (const [id, data] of loaded) remember(id, data);
  return formTables(
    files.flatMap((file) => {
      const data = loaded.get(file.id) ?? cache.get(file.id);
      if (data) remember(file.id, data);
      return data ? [{ name: file.name, data }] : [];
    }),
  );
}
