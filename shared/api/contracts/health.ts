import { defineRoute } from "../route-contract.ts";
import { healthResponseSchema } from "../../health/health-response.ts";

export const getHealth = defineRoute({
  operationId: "getHealth",
  method: "get",
  path: "/api/health",
  tag: "Health",
  summary: "Up or degraded (engine and version for super admins)",
  description: "Answers 503 with the same body when the database is unreachable.",
  policy: "public",
  token: true,
  response: healthResponseSchema,
  errors: [],
});

export const healthContracts = [getHealth];
