import { defineRoute } from "../route-contract.ts";
import { ownerLimitSchema } from "../../applications/application-response-schemas.ts";
import { ownerUsageSchema } from "../../billing/billing-response-schemas.ts";
import { APPLICATION_READERS } from "./audiences.ts";

export const getApplicationLimit = defineRoute({
  operationId: "getApplicationLimit",
  method: "get",
  path: "/api/applications/:id/limit",
  tag: "Limits",
  summary: "The application owner's record limit, shared by everyone who collects for the owner",
  description: APPLICATION_READERS,
  policy: "application.read",
  token: true,
  response: ownerLimitSchema,
  errors: [],
});

export const getUsage = defineRoute({
  operationId: "getUsage",
  method: "get",
  path: "/api/usage",
  tag: "Usage",
  summary: "The caller's plan as an owner, its limits (null = unlimited) and what their own applications use",
  policy: "signedIn",
  token: false,
  response: ownerUsageSchema,
  errors: [],
});

export const limitContracts = [getApplicationLimit, getUsage];
