import { z } from "zod";
import { applicationWithFieldsSchema } from "../../../shared/applications/application-response-schemas.ts";
import { XLSFORM_SHEETS } from "../../../shared/xlsform/xlsform-issues.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

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

export const xlsformApi = declareRoutes("XLSForm", [
  {
    method: "post",
    path: "/api/applications/import/xlsform",
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
    response: importResponseSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/applications/:id/xlsform",
    summary: "Download the application's form as an XLSForm spreadsheet",
    description: "Application administrators.",
    media: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  },
]);
