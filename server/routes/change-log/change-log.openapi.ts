import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  changeLogFiltersSchema,
  changeLogPageSchema,
  changeLogQuerySchema,
} from "../../../shared/audit/change-log-dtos.ts";

export const changeLogApi = declareRoutes("Change log", [
  {
    method: "get",
    path: "/api/change-log",
    summary: "Page through the change log the caller may read, newest first, by keyset cursor",
    description:
      "Super admins read every entry; others those of what they own and of applications they administer by invitation.",
    query: changeLogQuerySchema,
    response: changeLogPageSchema,
  },
  {
    method: "get",
    path: "/api/change-log/filters",
    summary: "The applications and people the caller's change log can be filtered by",
    response: changeLogFiltersSchema,
  },
]);
