import { defineRoute } from "../route-contract.ts";
import { changeLogFiltersSchema, changeLogPageSchema, changeLogQuerySchema } from "../../audit/change-log-dtos.ts";

const TAG = "Change log";

export const listChangeLog = defineRoute({
  operationId: "listChangeLog",
  method: "get",
  path: "/api/change-log",
  tag: TAG,
  summary: "Page through the change log the caller may read, newest first, by keyset cursor",
  description:
    "Super admins read every entry; others those of what they own and of applications they administer by invitation.",
  policy: "signedIn",
  token: false,
  query: changeLogQuerySchema,
  response: changeLogPageSchema,
  errors: [],
});

export const getChangeLogFilters = defineRoute({
  operationId: "getChangeLogFilters",
  method: "get",
  path: "/api/change-log/filters",
  tag: TAG,
  summary: "The applications and people the caller's change log can be filtered by",
  policy: "signedIn",
  token: false,
  response: changeLogFiltersSchema,
  errors: [],
});

export const changeLogContracts = [listChangeLog, getChangeLogFilters];
