import { declareRoutes } from "../../openapi/route-declaration.ts";

export const meApi = declareRoutes("Me", [
  { method: "get", path: "/api/me", summary: "Read me" },
  { method: "get", path: "/api/me/permissions", summary: "Read me permissions" },
]);
