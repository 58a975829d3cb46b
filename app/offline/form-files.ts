import { isNetworkError, NetworkError } from "../lib/api-client.ts";
import { callApi } from "../lib/api-call.ts";
import { contractUrl } from "../../shared/api/contract-url.ts";
import { downloadFormFile, getFormFileTable, listFormFiles } from "../../shared/api/contracts/form-files.ts";
import { getPublicFormFile, getPublicFormTable, listPublicFormFiles } from "../../shared/api/contracts/public-links.ts";
import { offlineDb } from "./db.ts";
import type { FormTableData } from "../../shared/expressions/form-table.ts";
import type { FormFileDto, FormFilesDto } from "../../shared/form-files/form-files.ts";

/** The files of the form version this device keeps for an application. */
export interface CachedFormFileList {
  ownerKey: string;
  applicationId: string;
  formVersion: number;
  files: FormFileDto[];
}

/** One file's content: a table's rows, or an image's bytes. A file id never changes content, so it never expires. */
export interface CachedFormFile {
  ownerKey: string;
  id: string;
  applicationId: string;
  table?: FormTableData;
  image?: Blob;
}

export interface LoadedFormFile {
  file: FormFileDto;
  table?: FormTableData;
  image?: Blob;
}

/**
 * Where the files are read: the application's routes, or, for a public link's visitor, the link's (under its token,
 * never the application's routes).
 */
export type FormFilesSource = { applicationId: string } | { linkToken: string };

function readList(source: FormFilesSource, version: number) {
  return "linkToken" in source
    ? callApi(listPublicFormFiles, { params: { token: source.linkToken } })
    : callApi(listFormFiles, { params: { id: source.applicationId }, query: { version } });
}

function readTable(source: FormFilesSource, fileId: string) {
  return "linkToken" in source
    ? callApi(getPublicFormTable, { params: { token: source.linkToken, fileId } })
    : callApi(getFormFileTable, { params: { id: source.applicationId, fileId } });
}

function imageUrl(source: FormFilesSource, fileId: string): string {
  return "linkToken" in source
    ? contractUrl(getPublicFormFile, { params: { token: source.linkToken, fileId } })
    : contractUrl(downloadFormFile, { params: { id: source.applicationId, fileId } });
}

async function downloadImage(source: FormFilesSource, fileId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(imageUrl(source, fileId), { credentials: "same-origin" });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw new NetworkError(new Error(`form file answered ${response.status}`));
  return response.blob();
}

async function download(
  userId: string,
  applicationId: string,
  source: FormFilesSource,
  file: FormFileDto,
): Promise<CachedFormFile> {
  const base = { ownerKey: userId, id: file.id, applicationId };
  if (file.kind === "image") return { ...base, image: await downloadImage(source, file.id) };
  return { ...base, table: await readTable(source, file.id) };
}

async function cachedFiles(userId: string, files: readonly FormFileDto[]) {
  const rows = await offlineDb().formFiles.bulkGet(files.map((file): [string, string] => [userId, file.id]));
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

function loaded(files: readonly FormFileDto[], contents: Map<string, CachedFormFile>): LoadedFormFile[] {
  return files.map((file) => {
    const content = contents.get(file.id);
    return {
      file,
      ...(content?.table ? { table: content.table } : {}),
      ...(content?.image ? { image: content.image } : {}),
    };
  });
}

/**
 * The files of the form version the phone collects with. Online: the version's list, each file not on the device
 * yet downloaded and kept (files the version no longer uses are dropped), so the form later opens offline with
 * them. Offline: what the device kept for that version. `source` is where the files are read (a public link's
 * visitor reads them under the link).
 */
export async function loadFormFiles(
  userId: string,
  applicationId: string,
  formVersion: number,
  source: FormFilesSource = { applicationId },
): Promise<LoadedFormFile[]> {
  const db = offlineDb();
  let list: FormFilesDto;
  try {
    list = await readList(source, formVersion);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const kept = await db.formFileLists.get([userId, applicationId]);
    if (!kept || kept.formVersion !== formVersion) return [];
    return loaded(kept.files, await cachedFiles(userId, kept.files));
  }
  const contents = await cachedFiles(userId, list.files);
  for (const file of list.files.filter((entry) => !contents.has(entry.id)))
    contents.set(file.id, await download(userId, applicationId, source, file));
  // A failed write (quota, private mode) must not stop collecting online; only the offline copy is missing then.
  await db
    .transaction("rw", db.formFileLists, db.formFiles, async () => {
      const wanted = new Set(list.files.map((file) => file.id));
      const stale = await db.formFiles.where("applicationId").equals(applicationId).toArray();
      await db.formFiles.bulkDelete(
        stale
          .filter((row) => row.ownerKey === userId && !wanted.has(row.id))
          .map((row): [string, string] => [userId, row.id]),
      );
      await db.formFiles.bulkPut([...contents.values()]);
      await db.formFileLists.put({ ownerKey: userId, applicationId, formVersion: list.formVersion, files: list.files });
    })
    .catch(() => undefined);
  return loaded(list.files, contents);
}
