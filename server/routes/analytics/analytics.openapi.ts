import { declareRoutes } from "../../openapi/route-declaration.ts";
import { analyticsBatchSchema } from "../../../shared/analytics/events.ts";
import { analyticsSummaryQuery, analyticsSummarySchema } from "../../../shared/analytics/summary.ts";

export const analyticsApi = declareRoutes("Analytics", [
  {
    method: "post",
    path: "/api/analytics",
    summary: "Record a batch of first-party analytics events (page views, funnel steps, web vitals)",
    description: "Bots, Do-Not-Track and Global Privacy Control are ignored (still 204). No cookie is set.",
    body: analyticsBatchSchema,
    status: 204,
    public: true,
  },
  {
    method: "get",
    path: "/api/admin/analytics/summary",
    summary: "The analytics dashboards' figures for the last 7, 30 or 90 days",
    description: "Super admins only.",
    query: analyticsSummaryQuery,
    response: analyticsSummarySchema,
  },
]);
