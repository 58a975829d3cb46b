import { declareRoutes } from "../../openapi/route-declaration.ts";

export const xlsformApi = declareRoutes("XLSForm", [
  { method: "post", path: "/api/applications/import/xlsform", summary: "Create or run applications import xlsform" },
  {
    method: "get",
    path: "/api/applications/:id/xlsform",
    summary: "Read applications xlsform",
    media: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  },
]);
