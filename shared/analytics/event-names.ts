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
