import { declareRoutes } from "../../openapi/route-declaration.ts";

export const changeLogApi = declareRoutes("Change log", [
  { method: "get", path: "/api/change-log", summary: "Read change log" },
  { method: "get", path: "/api/change-log/filters", summary: "Read change log filters" },
]);
