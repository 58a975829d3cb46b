import { declareRoutes } from "../../openapi/route-declaration.ts";

export const analyticsApi = declareRoutes("Analytics", [
  { method: "post", path: "/api/analytics", summary: "Create or run analytics", public: true },
  { method: "get", path: "/api/admin/analytics/summary", summary: "Read admin analytics summary" },
]);
