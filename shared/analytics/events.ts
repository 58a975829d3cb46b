import { z } from "zod";
import { VITAL_METRICS } from "./vitals.ts";

/** The named events of spec 000 §7 ('Other'), plus page_view (§1). Web vitals travel as events named by metric. */
export const NAMED_EVENTS = [
  "page_view",
  "sign_up_start",
  "sign_up_complete",
  "trial_start",
  "form_created",
  "data_collected",
  "cta_click",
  "contact_attempt",
  "app_install",
  "feature_view",
  "video_play",
] as const;
export type NamedEvent = (typeof NAMED_EVENTS)[number];

export const EVENT_NAMES = [...NAMED_EVENTS, ...VITAL_METRICS] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The dashboard's funnel, in order: each step counts the distinct visitors who reached it. */
export const FUNNEL_STEPS = [
  "page_view",
  "sign_up_start",
  "sign_up_complete",
  "form_created",
  "data_collected",
] as const satisfies readonly NamedEvent[];

/** A batch is what one page sends at once; these bounds keep one request small and cheap to validate. */
export const ANALYTICS_LIMITS = {
  maxEvents: 50,
  maxProperties: 12,
  /** Longer strings are refused; strings over 200 characters that pass are masked before they are stored. */
  maxStringLength: 2048,
  maxKeyLength: 40,
} as const;

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
