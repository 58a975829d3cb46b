import { defineRoute } from "../route-contract.ts";
import { meSchema, permissionReportSchema } from "../../permissions/permission-schemas.ts";

const TAG = "Me";

export const getMe = defineRoute({
  operationId: "getMe",
  method: "get",
  path: "/api/me",
  tag: TAG,
  summary: "Who is signed in and what they may do everywhere; `{ user: null }` when signed out",
  policy: "public",
  token: true,
  response: meSchema,
  errors: [],
});

export const getMyPermissions = defineRoute({
  operationId: "getMyPermissions",
  method: "get",
  path: "/api/me/permissions",
  tag: TAG,
  summary:
    "The caller's permission report: global permissions, session times, and role and capabilities per application",
  policy: "signedIn",
  token: false,
  response: permissionReportSchema,
  errors: [],
});

export const meContracts = [getMe, getMyPermissions];
