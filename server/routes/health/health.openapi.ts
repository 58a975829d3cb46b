import { healthResponseSchema } from "../../../shared/health/health-response.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

export const healthApi = declareRoutes("Health", [
  {
    method: "get",
    path: "/api/health",
    summary: "Up or degraded (engine and version for super admins)",
    response: healthResponseSchema,
    public: true,
  },
]);
