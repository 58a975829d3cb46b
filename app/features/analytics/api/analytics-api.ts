import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { getAnalyticsSummary } from "../../../../shared/api/contracts/analytics.ts";

export const analyticsKeys = {
  summary: (days: number) => queryKeyOf(getAnalyticsSummary, { query: { days } }),
};

export const analyticsApi = {
  summary: (days: number) => callApi(getAnalyticsSummary, { query: { days } }),
};
