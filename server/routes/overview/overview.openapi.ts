import { declareRoutes } from "../../openapi/route-declaration.ts";

export const overviewApi = declareRoutes("Overview", [
  { method: "get", path: "/api/dashboard", summary: "Read dashboard" },
  { method: "get", path: "/api/overview", summary: "Read overview" },
  { method: "get", path: "/api/overview/map", summary: "Read overview map" },
]);
