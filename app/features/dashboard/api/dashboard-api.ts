import { api } from "../../../lib/api-client.ts";
import type { DashboardSummary } from "../../../../shared/records/overview.ts";

export const dashboardKeys = { summary: (timeZone: string) => ["dashboard", timeZone] as const };

/** Days are the reader's: the server counts each application's week in this time zone. */
export const dashboardApi = {
  summary: (timeZone: string) => api.get<DashboardSummary>(`/api/dashboard?tz=${encodeURIComponent(timeZone)}`),
};
