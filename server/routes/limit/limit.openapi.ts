import { declareRoutes } from "../../openapi/route-declaration.ts";

export const limitApi = declareRoutes("Limits", [
  { method: "get", path: "/api/applications/:id/limit", summary: "Read applications limit" },
]);
