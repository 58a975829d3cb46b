import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { recordPageQuerySchema } from "../../records/record-view.ts";
import {
  dashboardSchema,
  overviewRecordPageSchema,
  overviewViewSchema,
} from "../../records/record-response-schemas.ts";
import { timeZoneSchema } from "../../records/time-zone.ts";
import { mapViewQuerySchema, overviewMapViewDataSchema } from "../../map/map-view.ts";

const TAG = "Overview";
const SCOPE = "Every application the caller reads, under its rules: collaborators see only their own records.";
const FILTER =
  "Filter parameters as on the data page: from, to (dates or instants), submitter, q (text search), review, " +
  "f.<fieldId>=value and f.<fieldId>.min / .max, and application=<id> to narrow to one application.";

export const getDashboard = defineRoute({
  operationId: "getDashboard",
  method: "get",
  path: "/api/dashboard",
  tag: TAG,
  summary: "The dashboard: records per day of the last week per application, the latest records, plan usage",
  description: SCOPE,
  policy: "signedIn",
  token: false,
  query: z.object({ tz: timeZoneSchema.describe("IANA time zone of the days (default UTC)") }),
  response: dashboardSchema,
  errors: [],
});

export const getOverview = defineRoute({
  operationId: "getOverview",
  method: "get",
  path: "/api/overview",
  tag: TAG,
  summary: "The applications and submitters the cross-application data and map pages filter by",
  description: SCOPE,
  policy: "signedIn",
  token: false,
  response: overviewViewSchema,
  errors: [],
});

export const listOverviewRecords = defineRoute({
  operationId: "listOverviewRecords",
  method: "get",
  path: "/api/overview/records",
  tag: TAG,
  summary: "Records of every application the caller reads, a page at a time, each naming its application",
  description: `${SCOPE} ${FILTER}`,
  policy: "signedIn",
  token: false,
  query: recordPageQuerySchema,
  response: overviewRecordPageSchema,
  errors: [],
});

export const getOverviewMapView = defineRoute({
  operationId: "getOverviewMapView",
  method: "get",
  path: "/api/overview/map-view",
  tag: "Overview",
  summary: "The /maps overview for one view: each application's clusters, or its records when few are in view",
  description:
    "Every application the caller reads, under its rules: collaborators see only their own records. Takes `zoom`, " +
    "`bbox` and the same filter parameters as /api/overview/records (`application=<id>` narrows to one, 404 when " +
    "not readable); without `bbox`, the whole world with each application's extent and unplaced count.",
  policy: "signedIn",
  token: false,
  query: mapViewQuerySchema,
  response: overviewMapViewDataSchema,
  errors: ["APPLICATION_NOT_FOUND"],
});

export const overviewContracts = [getDashboard, getOverview, listOverviewRecords, getOverviewMapView];
