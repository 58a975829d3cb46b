import { z } from "zod";
import { ANALYTICS_LIMITS, EVENT_NAMES } from "./event-names.ts";

const text = z.string().max(ANALYTICS_LIMITS.maxStringLength);
const propertyValue = z.union([text, z.number().finite(), z.boolean()]);

export const analyticsEventSchema = z.strictObject({
  name: z.enum(EVENT_NAMES),
  /** pathname + search of the page the event happened on */
  path: text.startsWith("/"),
  title: text.optional(),
  /** document.referrer; only its host is kept */
  referrer: text.optional(),
  /** A web vital's value (ms, or unitless for CLS). */
  value: z.number().finite().min(0).max(3_600_000).optional(),
  properties: z
    .record(
      z
        .string()
        .regex(/^[a-z][a-z0-9_]*$/)
        .max(ANALYTICS_LIMITS.maxKeyLength),
      propertyValue,
    )
    .refine((record) => Object.keys(record).length <= ANALYTICS_LIMITS.maxProperties, "too_many_properties")
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_LIMITS.maxEvents),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
