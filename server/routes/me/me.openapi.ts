import { declareRoutes } from "../../openapi/route-declaration.ts";
import { meSchema, permissionReportSchema } from "../../../shared/permissions/permission-schemas.ts";

export const meApi = declareRoutes("Me", [
  {
    method: "get",
    path: "/api/me",
    summary: "Who is signed in and what they may do everywhere; `{ user: null }` when signed out",
    response: meSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/me/permissions",
    summary:
      "The caller's permission report: global permissions, session times, and role and capabilities per application",
    response: permissionReportSchema,
  },
]);
