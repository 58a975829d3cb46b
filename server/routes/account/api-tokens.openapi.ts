import { createApiTokenSchema } from "../../../shared/integrations/api-tokens.ts";
import {
  apiTokenListSchema,
  createdApiTokenResponseSchema,
} from "../../../shared/integrations/integration-response-schemas.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

export const apiTokensApi = declareRoutes("API tokens", [
  {
    method: "get",
    path: "/api/account/tokens",
    summary: "List your API tokens (never their secrets)",
    response: apiTokenListSchema,
  },
  {
    method: "post",
    path: "/api/account/tokens",
    summary: "Create an API token; the answer holds its secret, once",
    body: createApiTokenSchema,
    response: createdApiTokenResponseSchema,
    status: 201,
  },
  { method: "delete", path: "/api/account/tokens", summary: "Revoke all your API tokens at once", status: 204 },
  { method: "delete", path: "/api/account/tokens/:id", summary: "Revoke an API token at once", status: 204 },
]);
