import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { ApiError } from "../../lib/api-error.ts";
import type {
  XlsFormDuplicateNameDetails,
  XlsFormInvalidDetails,
  XlsFormIssue,
} from "../../../shared/xlsform/xlsform-issues.ts";
import { createApplication, type CreatedApplication } from "../applications/create-application.ts";
import { applyImportedEntities, ownerEntityListNames } from "./form-entity-lists.ts";
import { importXlsForm, type XlsFormImport, type XlsFormImportOptions } from "./xlsform-import.ts";
import type { XlsFormBook } from "./xlsform-sheets.ts";
import { readXlsFormBookInWorker } from "./read-book-in-worker.ts";
import { readXlsFormBookSafely, type XlsFormBookReading } from "./xlsform-book-reading.ts";
import { inflatedSize } from "./zip-inflated-size.ts";
import { isCompoundFile } from "./xls-book.ts";

/** What the workbook may unpack to: XLSForms are a few hundred kilobytes unpacked. */
export const XLSFORM_MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;
/**
 * Up to this unpacked size ExcelJS reads the workbook in a few milliseconds, less than starting a thread; larger
 * ones are read in a worker thread (read-book-in-worker.ts).
 */
const IN_PROCESS_MAX_BYTES = 512 * 1024;

export interface UploadedXlsForm {
  bytes: Uint8Array;
  /** The uploaded file's name: the application's name when the settings sheet has no form_title. */
  fileName: string;
  /** The name the importer chose instead of the form's own (when that one is taken). */
  name?: string | undefined;
}

function invalid(issues: XlsFormIssue[]): ApiError {
  const details: XlsFormInvalidDetails = { issues };
  return new ApiError("XLSFORM_INVALID", "The XLSForm cannot be imported", details);
}

/**
 * The workbook, once what it really unpacks to is known and within the cap (the sizes it declares are not believed).
 * A legacy .xls is not compressed: its size is the upload's, already capped.
 */
async function readBook(bytes: Uint8Array): Promise<XlsFormBook> {
  const size = isCompoundFile(bytes) ? bytes.length : await inflatedSize(bytes, XLSFORM_MAX_UNZIPPED_BYTES);
  const reading: XlsFormBookReading =
    typeof size !== "number"
      ? { ok: false, reason: size }
      : size <= IN_PROCESS_MAX_BYTES
        ? await readXlsFormBookSafely(bytes)
        : await readXlsFormBookInWorker(bytes);
  if (reading.ok) return reading.book;
  const megabytes = XLSFORM_MAX_UNZIPPED_BYTES / (1024 * 1024);
  const issue: XlsFormIssue =
    reading.reason === "tooLarge"
      ? { sheet: null, row: null, column: null, key: "xlsform:issues.tooLarge", params: { megabytes } }
      : reading.reason === "legacyXls"
        ? { sheet: null, row: null, column: null, key: "xlsform:issues.legacyXls" }
        : { sheet: null, row: null, column: null, key: "xlsform:issues.unreadableFile" };
  throw invalid([issue]);
}

/** The file's name without its folder and extension, as a fallback application name. */
function baseName(fileName: string): string {
  return (
    fileName
      .replace(/^.*[\\/]/, "")
      .replace(/\.xlsx?$/i, "")
      .trim() || "XLSForm"
  );
}

/**
 * The form an upload holds, or every issue found (an unreadable or oversized file is thrown as XLSFORM_INVALID);
 * nothing is written.
 */
export async function parseUploadedXlsForm(
  upload: Pick<UploadedXlsForm, "bytes" | "fileName">,
  options: XlsFormImportOptions = {},
): Promise<XlsFormImport> {
  return importXlsForm(await readBook(upload.bytes), baseName(upload.fileName), options);
}

/**
 * Creates an application from an XLSForm, like the designer's create (the owner's plan limit and unique names
 * hold), only when the whole file translates: otherwise every issue is answered and nothing is written. The notes
 * say what was left out on the way (xlsform-import.ts). The form's entities (xlsform-entities.ts) set its entity
 * action on a list of the owner's, in the same transaction. A name
 * already taken is answered with the name that was tried, so the import dialog can offer it for editing.
 */
export async function importApplication(
  db: Db,
  owner: Pick<SessionUser, "id" | "email" | "isSuperAdmin" | "apiToken">,
  upload: UploadedXlsForm,
): Promise<CreatedApplication & { notes: XlsFormIssue[] }> {
  const result = await parseUploadedXlsForm(upload, { entityLists: await ownerEntityListNames(db, owner.id) });
  if (!result.ok) throw invalid(result.issues);
  const name = upload.name ?? result.form.name;
  const entities = result.entities;
  try {
    // The form and its entity action land together or not at all.
    const created = await db.transaction(async (tx) => {
      const made = await createApplication(tx, owner, { ...result.form, name, imageUrl: null });
      if (entities) await applyImportedEntities(tx, made.application, entities);
      return made;
    });
    // A name the importer typed replaces the title: a cut title is then nothing to be told.
    const notes = (result.notes ?? []).filter(
      (note) => upload.name === undefined || note.key !== "xlsform:issues.titleShortened",
    );
    return { ...created, notes };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "DUPLICATE_APPLICATION_NAME") throw error;
    const details: XlsFormDuplicateNameDetails = { name };
    throw new ApiError(error.code, error.message, details);
  }
}
