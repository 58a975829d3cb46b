import { defineRoute } from "../route-contract.ts";
import { analyticsBatchSchema } from "../../analytics/events.ts";
import { analyticsSummaryQuery, analyticsSummarySchema } from "../../analytics/summary.ts";
import { SUPER_ADMINS } from "./audiences.ts";

const TAG = "Analytics";

/** 50 events with their titles and paths fit with room to spare; anything larger is not our tracker. */
export const MAX_ANALYTICS_BODY_BYTES = 64 * 1024;

export const recordAnalytics = defineRoute({
  operationId: "recordAnalytics",
  method: "post",
  path: "/api/analytics",
  tag: TAG,
  summary: "Record a batch of first-party analytics events (page views, funnel steps, web vitals)",
  description: "Bots, Do-Not-Track and Global Privacy Control are ignored (still 204). No cookie is set.",
  policy: "public",
  token: false,
  body: analyticsBatchSchema,
  bodyCap: { maxBytes: MAX_ANALYTICS_BODY_BYTES },
  status: 204,
  errors: ["RATE_LIMITED"],
});

export const getAnalyticsSummary = defineRoute({
  operationId: "getAnalyticsSummary",
  method: "get",
  path: "/api/admin/analytics/summary",
  tag: TAG,
  summary: "The analytics dashboards' figures for the last 7, 30 or 90 days",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  query: analyticsSummaryQuery,
  response: analyticsSummarySchema,
  errors: [],
});

export const analyticsContracts = [recordAnalytics, getAnalyticsSummary];
