import { declareRoutes } from "../../openapi/route-declaration.ts";
import { ownerUsageSchema } from "../../../shared/billing/billing-response-schemas.ts";

export const usageApi = declareRoutes("Usage", [
  {
    method: "get",
    path: "/api/usage",
    summary: "The caller's plan as an owner, its limits (null = unlimited) and what their own applications use",
    response: ownerUsageSchema,
  },
]);
