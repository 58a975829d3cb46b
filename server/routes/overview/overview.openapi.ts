import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  dashboardSchema,
  overviewMapSchema,
  overviewViewSchema,
} from "../../../shared/records/record-response-schemas.ts";

const SCOPE = "Every application the caller reads, under its rules: collaborators see only their own records.";

export const overviewApi = declareRoutes("Overview", [
  {
    method: "get",
    path: "/api/dashboard",
    summary: "The dashboard: records per day of the last week per application, the latest records, plan usage",
    description: SCOPE,
    query: z.object({ tz: z.string().optional().describe("IANA time zone of the days (default UTC)") }),
    response: dashboardSchema,
  },
  {
    method: "get",
    path: "/api/overview",
    summary: "The applications and submitters the cross-application data and map pages filter by",
    description: SCOPE,
    response: overviewViewSchema,
  },
  {
    method: "get",
    path: "/api/overview/map",
    summary: "The located records of every application the caller reads, grouped by application",
    description: `${SCOPE} Takes the same filter parameters as /api/overview/records.`,
    response: overviewMapSchema,
  },
]);
