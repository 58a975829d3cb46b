import { declareRoutes } from "../../openapi/route-declaration.ts";

export const usageApi = declareRoutes("Usage", [{ method: "get", path: "/api/usage", summary: "Read usage" }]);
