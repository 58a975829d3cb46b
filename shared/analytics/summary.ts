import { z } from "zod";
import type { FUNNEL_STEPS } from "./event-names.ts";

/** The dashboards' period selector, in days (today included). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;

export const analyticsSummaryQuery = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (ANALYTICS_PERIODS as readonly number[]).includes(days), "days.invalid")
    .default(30),
});

export interface BreakdownEntry {
  /** a path, a referrer host, a language tag or a device; "" for none (direct visits, unknown language) */
  value: string;
  pageViews: number;
  visitors: number;
}

export interface VitalsEntry {
  path: string;
  metric: string;
  p75: number;
  samples: number;
  good: number;
  needsImprovement: number;
  poor: number;
}

/** GET /api/admin/analytics/summary */
export interface AnalyticsSummary {
  from: string;
  to: string;
  daily: { day: string; visitors: number; pageViews: number }[];
  topPages: BreakdownEntry[];
  referrers: BreakdownEntry[];
  languages: BreakdownEntry[];
  devices: BreakdownEntry[];
  funnel: { step: (typeof FUNNEL_STEPS)[number]; visitors: number }[];
  vitals: VitalsEntry[];
}
