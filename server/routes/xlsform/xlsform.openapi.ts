import { z } from "zod";
import { applicationWithFieldsSchema } from "../../../shared/applications/application-response-schemas.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

/** The new application, and the field names the import changed (`label-test` → `label_test`). */
const importResponseSchema = z.intersection(
  applicationWithFieldsSchema,
  z.object({
    renamedFields: z.array(z.object({ from: z.string(), to: z.string() })),
    shortenedTitle: z.string().nullable(),
  }),
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
      "`renamedFields` lists the names renamed because they hold `-` or `.` (`label-test` → `label_test`) or are " +
      "used again in another group or repeat (`name` → `name_2`); `shortenedTitle` is the form_title when it was " +
      "cut at a word to fit an application name (null otherwise).",
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
