import { api } from "../../../lib/api-client.ts";
import type { AnalyticsSummary } from "../../../../shared/analytics/summary.ts";

export const analyticsKeys = {
  summary: (days: number) => ["admin", "analytics", "summary", days] as const,
};

export const analyticsApi = {
  summary: (days: number) => api.get<AnalyticsSummary>(`/api/admin/analytics/summary?days=${days}`),
};
