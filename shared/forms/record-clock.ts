import type { FormEvaluationOptions } from "./evaluate-form.ts";

const OFFSET = /(?:([+-])(\d{2}):?(\d{2})|Z)$/i;

/**
 * The clock a record's calculations run on: its creation instant, and the collector's UTC offset when the timestamp
 * carries one (`2026-11-23T22:10:00-03:00` → -180), so `today()` recomputed on the server is the collector's day.
 */
export function recordClock(
  createdAt: string | Date,
): Required<Pick<FormEvaluationOptions, "now" | "utcOffsetMinutes">> {
  const now = new Date(createdAt);
  if (typeof createdAt !== "string") return { now, utcOffsetMinutes: 0 };
  const match = OFFSET.exec(createdAt.trim());
  if (!match || match[1] === undefined) return { now, utcOffsetMinutes: 0 };
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return { now, utcOffsetMinutes: match[1] === "-" ? -minutes : minutes };
}
