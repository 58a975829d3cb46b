import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { applicationWithFieldsSchema } from "../../applications/application-response-schemas.ts";
import { XLSFORM_MAX_BYTES, XLSFORM_SHEETS } from "../../xlsform/xlsform-issues.ts";
import { APPLICATION_ADMINS } from "./audiences.ts";

const TAG = "XLSForm";

/** The file plus the multipart framing. */
export const MAX_XLSFORM_BODY_BYTES = XLSFORM_MAX_BYTES + 16 * 1024;

/** One notice of what the import changed or left out, placed like an issue (shared/xlsform/xlsform-issues.ts). */
const importNoteSchema = z.object({
  sheet: z.enum(XLSFORM_SHEETS).nullable(),
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** The new application, and the notices of what the import changed or left out. */
const importResponseSchema = z.intersection(
  applicationWithFieldsSchema,
  z.object({ importNotes: z.array(importNoteSchema) }),
);

export const importXlsForm = defineRoute({
  operationId: "importXlsForm",
  method: "post",
  path: "/api/applications/import/xlsform",
  tag: TAG,
  summary: "Create an application from an XLSForm spreadsheet (multipart field `file`, optional `name`)",
  description:
    "Within the plan's application limit; unsupported rows are refused with the row and column named. The text " +
    "field `name` replaces the form's title (settings `form_title`); a name the owner already uses answers 409 " +
    "DUPLICATE_APPLICATION_NAME with `details.name`. At most 20 imports per user in 10 minutes (429 with " +
    "Retry-After); a workbook that unpacks to more than 20 MB is refused (400 XLSFORM_INVALID, issue `tooLarge`). " +
    "`importNotes` lists what the import changed or left out, each at its sheet, row and column with a translation " +
    "key of the `xlsform` namespace: `xlsform:issues.fieldRenamed` (a name holding `-` or `.`, `label-test` → " +
    "`label_test`, or used again in another group, `name` → `name_2`; references following), `xlsform:issues.defaultDropped` (a default naming no option of its " +
    "list, which ODK Collect ignores too), `xlsform:issues.titleShortened` (a form_title over 120 characters, cut " +
    "at a word; `params.title` holds it whole), `xlsform:issues.noteNamed` (a note without a name, named " +
    "`note_<row>`), `xlsform:issues.optionNotInList` (a comparison with an option its list lacks, written as the " +
    "constant ODK evaluates it to) and `xlsform:issues.optionLabelRenamed` (a label another option of the list " +
    "already has, followed by the option's name: `pharmacy (chemist)`) and `xlsform:issues.metadataDropped` " +
    "(metadata a browser cannot record, such as `simserial`, `phonenumber` or SurveyCTO's `caseid`, left out).",
  policy: "signedIn",
  token: false,
  bodyMedia: ["multipart/form-data"],
  bodyCap: { maxBytes: MAX_XLSFORM_BODY_BYTES, code: "FILE_TOO_LARGE" },
  response: importResponseSchema,
  status: 201,
  errors: [
    "RATE_LIMITED",
    "FILE_TOO_LARGE",
    "XLSFORM_INVALID",
    "DUPLICATE_APPLICATION_NAME",
    "APPLICATION_LIMIT_REACHED",
  ],
});

export const exportXlsForm = defineRoute({
  operationId: "exportXlsForm",
  method: "get",
  path: "/api/applications/:id/xlsform",
  tag: TAG,
  summary: "Download the application's form as an XLSForm spreadsheet",
  description: APPLICATION_ADMINS,
  policy: "application.edit",
  token: false,
  media: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  errors: ["XLSFORM_EXPORT_INVALID_FORM"],
});

export const xlsFormContracts = [importXlsForm, exportXlsForm];
