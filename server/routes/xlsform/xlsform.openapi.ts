import { applicationWithFieldsSchema } from "../../../shared/applications/application-response-schemas.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

export const xlsformApi = declareRoutes("XLSForm", [
  {
    method: "post",
    path: "/api/applications/import/xlsform",
    summary: "Create an application from an XLSForm spreadsheet (multipart field `file`)",
    description: "Within the plan's application limit; unsupported rows are refused with the row and column named.",
    response: applicationWithFieldsSchema,
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
