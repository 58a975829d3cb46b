/**
 * The rules of the XLSForm question types Campo took on in issue 24 (datetime, range, rank, acknowledge, hidden,
 * barcode, metadata): their config constants and whether an answer fits. Stored formats (docs/decisions.md):
 * - datetime, metadata start/end: ISO 8601 with the device's offset, as ODK writes them
 *   ("2026-11-27T10:30:00.000-03:00"), so the instant and the collector's wall-clock time both survive;
 * - range: the number; rank: the options in the collector's order; acknowledge: "OK" (ODK's value);
 * - metadata today: YYYY-MM-DD; deviceid/username/email: text; audit: milliseconds spent per field id.
 */
import type { FieldError } from "./field-errors.ts";
import { isValidDate } from "./answer-validation.ts";

export const RANGE_STYLES = ["slider", "rating", "likert"] as const;
export type RangeStyle = (typeof RANGE_STYLES)[number];
/** XLSForm's defaults when `parameters` leaves one out. */
export const RANGE_DEFAULTS = { start: 1, end: 10, step: 1 } as const;
/** A slider of more stops cannot be set on a phone; rating and likert draw one control per stop. */
export const RANGE_STOPS_MAX = 1000;

export const METADATA_KINDS = ["start", "end", "today", "deviceid", "username", "email", "audit"] as const;
export type MetadataKind = (typeof METADATA_KINDS)[number];

/**
 * Types whose answer the form fills without the collector (a default, the phone's own records): not questions in
 * "N campos", yet stored with the record like any answer.
 */
export const SELF_FILLED_TYPES = ["hidden", "metadata"] as const;

export function isSelfFilled(fieldType: string): boolean {
  return (SELF_FILLED_TYPES as readonly string[]).includes(fieldType);
}

/** ODK's value of an acknowledged question. */
export const ACKNOWLEDGED = "OK";

export const BARCODE_MAX_LENGTH = 4096;

interface RangeBounds {
  start: number;
  end: number;
  step: number;
}

/** Relative tolerance for "on a step": 0.1 + 0.2 steps of 0.1 must count as on the third stop. */
const STEP_EPSILON = 1e-9;

/** How many values the range offers, start and end included (end need not fall on a step). */
export function rangeStopCount({ start, end, step }: RangeBounds): number {
  if (!(step > 0) || !Number.isFinite(start) || !Number.isFinite(end)) return Infinity;
  return Math.floor(Math.abs(end - start) / step + STEP_EPSILON) + 1;
}

/** The values of a range in order from start (a descending range counts down). */
export function rangeStops(range: RangeBounds): number[] {
  const direction = range.end >= range.start ? 1 : -1;
  const count = Math.min(rangeStopCount(range), RANGE_STOPS_MAX);
  // Rounded to the step's decimals so 0.1 steps read 0.3, not 0.30000000000000004.
  const decimals = (String(range.step).split(".")[1] ?? "").length + (String(range.start).split(".")[1] ?? "").length;
  return Array.from({ length: count }, (_, index) =>
    Number((range.start + direction * index * range.step).toFixed(Math.min(decimals, 12))),
  );
}

export function rangeAnswerError(value: unknown, range: RangeBounds): FieldError | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return { key: "invalidNumber" };
  const [min, max] = range.start <= range.end ? [range.start, range.end] : [range.end, range.start];
  if (value < min || value > max) return { key: "rangeOutside", params: { min, max } };
  const steps = Math.abs(value - range.start) / range.step;
  const onStep = Math.abs(steps - Math.round(steps)) <= STEP_EPSILON * Math.max(1, steps);
  return onStep ? null : { key: "rangeOffStep", params: { step: range.step, start: range.start } };
}

/**
 * A rank answer lists options, each once. Without a choice filter every option is ranked (the collector orders the
 * whole list, as ODK's rank does); with one, the offered subset is, which the form logic checks option by option.
 */
export function rankAnswerError(
  value: unknown,
  config: { options: readonly string[]; choiceFilter?: string },
): FieldError | null {
  const valid =
    Array.isArray(value) &&
    value.every((item) => typeof item === "string" && config.options.includes(item)) &&
    new Set(value).size === value.length &&
    (config.choiceFilter !== undefined || value.length === config.options.length);
  return valid ? null : { key: "invalidRank" };
}

const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** A real instant written as ISO 8601 with seconds optional and an offset (or Z) required. */
export function isValidDateTime(value: string): boolean {
  const match = DATE_TIME_PATTERN.exec(value);
  return match !== null && isValidDate(match[1] ?? "");
}

function pad(value: number, length = 2): string {
  return String(Math.trunc(Math.abs(value))).padStart(length, "0");
}

/** An instant as ODK writes it: local wall-clock time with the device's offset, to the millisecond. */
export function toOffsetDateTime(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** The local day of a date, YYYY-MM-DD (metadata `today`). */
export function toLocalDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The wall-clock part of a stored datetime (YYYY-MM-DDTHH:mm), which a datetime-local input shows as typed. */
export function wallClockOf(value: string): string {
  return isValidDateTime(value) ? value.slice(0, 16) : "";
}

/** An audit answer: milliseconds each question held the collector's focus, by field id (or entry path). */
export function isAuditAnswer(value: unknown): value is Record<string, number> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((ms) => typeof ms === "number" && Number.isInteger(ms) && ms >= 0)
  );
}

export function metadataAnswerError(kind: MetadataKind, value: unknown): FieldError | null {
  switch (kind) {
    case "start":
    case "end":
      return typeof value === "string" && isValidDateTime(value) ? null : { key: "invalidDateTime" };
    case "today":
      return typeof value === "string" && isValidDate(value) ? null : { key: "invalidDate" };
    case "audit":
      return isAuditAnswer(value) ? null : { key: "invalidValue" };
    default:
      return typeof value === "string" && value.length <= BARCODE_MAX_LENGTH ? null : { key: "invalidValue" };
  }
}
