import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { ApiError } from "../../lib/api-error.ts";
import type { XlsFormInvalidDetails, XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { createApplication, type CreatedApplication } from "../applications/create-application.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook, type XlsFormBook } from "./xlsform-sheets.ts";
import { declaredUnzippedBytes } from "./zip-size.ts";

/** What the workbook may unpack to: XLSForms are a few hundred kilobytes unpacked. */
export const XLSFORM_MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

export interface UploadedXlsForm {
  bytes: Uint8Array;
  /** The uploaded file's name: the application's name when the settings sheet has no form_title. */
  fileName: string;
}

function invalid(issues: XlsFormIssue[]): ApiError {
  const details: XlsFormInvalidDetails = { issues };
  return new ApiError("XLSFORM_INVALID", "The XLSForm cannot be imported", details);
}

async function readBook(bytes: Uint8Array): Promise<XlsFormBook> {
  const unzipped = declaredUnzippedBytes(bytes);
  const unreadable = invalid([{ sheet: null, row: null, column: null, key: "xlsform:issues.unreadableFile" }]);
  if (unzipped === null || unzipped > XLSFORM_MAX_UNZIPPED_BYTES) throw unreadable;
  try {
    return await readXlsFormBook(bytes);
  } catch {
    throw unreadable;
  }
}

/** The file's name without its folder and extension, as a fallback application name. */
function baseName(fileName: string): string {
  return (
    fileName
      .replace(/^.*[\\/]/, "")
      .replace(/\.xlsx$/i, "")
      .trim() || "XLSForm"
  );
}

/**
 * Creates an application from an XLSForm, like the designer's create (the owner's plan limit and unique names
 * hold), only when the whole file translates: otherwise every issue is answered and nothing is written.
 */
export async function importApplication(
  db: Db,
  owner: Pick<SessionUser, "id" | "email" | "isSuperAdmin" | "apiToken">,
  upload: UploadedXlsForm,
): Promise<CreatedApplication> {
  const result = importXlsForm(await readBook(upload.bytes), baseName(upload.fileName));
  if (!result.ok) throw invalid(result.issues);
  return createApplication(db, owner, { ...result.form, imageUrl: null });
}
