import { declareRoutes } from "../../openapi/route-declaration.ts";
import { ownerLimitSchema } from "../../../shared/applications/application-response-schemas.ts";

export const limitApi = declareRoutes("Limits", [
  {
    method: "get",
    path: "/api/applications/:id/limit",
    summary: "The application owner's record limit, shared by everyone who collects for the owner",
    response: ownerLimitSchema,
  },
]);
