import { z } from "zod";
import { FUNNEL_STEPS } from "./event-names.ts";

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

const breakdown = z.array(z.object({ value: z.string(), pageViews: z.number().int(), visitors: z.number().int() }));

/** The answer as a schema (OpenAPI reference, test servers' response check). */
export const analyticsSummarySchema: z.ZodType<AnalyticsSummary> = z.object({
  from: z.string(),
  to: z.string(),
  daily: z.array(z.object({ day: z.string(), visitors: z.number().int(), pageViews: z.number().int() })),
  topPages: breakdown,
  referrers: breakdown,
  languages: breakdown,
  devices: breakdown,
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), visitors: z.number().int() })),
  vitals: z.array(
    z.object({
      path: z.string(),
      metric: z.string(),
      p75: z.number(),
      samples: z.number().int(),
      good: z.number().int(),
      needsImprovement: z.number().int(),
      poor: z.number().int(),
    }),
  ),
});
