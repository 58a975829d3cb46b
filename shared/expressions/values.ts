import { assertTextLength } from "./evaluation-budget.ts";

/**
 * What expressions compute with. An empty answer is `null`; lists hold a multiple choice's options, a repeat's
 * entries (numbered 1..N) or one repeat child's answers across the entries.
 */
export type ExpressionValue = null | string | number | boolean | readonly ExpressionValue[];

/** A value a calculation can store (lists and empties are not stored). */
export type ScalarValue = string | number | boolean;

export function isEmptyValue(value: ExpressionValue): boolean {
  if (value === null) return true;
  if (typeof value === "string") return value === "";
  if (typeof value === "number") return Number.isNaN(value);
  return Array.isArray(value) && value.length === 0;
}

/** Conditions: empty is false, 0 is false, any text or list with something in it is true. */
export function isTruthy(value: ExpressionValue): boolean {
  if (value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  return value.length > 0;
}

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A number, or null when the value is empty or not numeric (arithmetic with an empty answer gives empty). */
export function toNumber(value: ExpressionValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") return NUMERIC_TEXT.test(value) ? Number(value) : null;
  if (Array.isArray(value) && value.length === 1) return toNumber((value as readonly ExpressionValue[])[0] ?? null);
  return null;
}

/**
 * Text as a user would read it: empty is '', lists are joined by spaces (XLSForm's multiple-choice form). A list
 * whose text would pass TEXT_VALUE_MAX (a repeat's long answers) throws LimitReached before it is joined.
 */
export function toText(value: ExpressionValue): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return value;
  const parts = value.map(toText);
  assertTextLength(parts.reduce((total, part) => total + part.length + 1, -1));
  return parts.join(" ");
}

/** Significant digits a computed number keeps, as spreadsheets do: `9.2 * 100` is 920, not 919.9999999999999. */
const NUMBER_DIGITS = 15;

/** A computed number without binary floating-point noise (NaN and infinities stay as they are, to be dropped). */
export function normalizeNumber(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(NUMBER_DIGITS)) : value;
}

/** The items of a list; a single value is a list of one, empty a list of none. */
export function toList(value: ExpressionValue): readonly ExpressionValue[] {
  if (Array.isArray(value)) return value as readonly ExpressionValue[];
  return value === null || value === "" ? [] : [value];
}

/** A computed value as it is stored: empty, NaN and lists are not stored. */
export function toScalar(value: ExpressionValue): ScalarValue | null {
  if (value === null || Array.isArray(value)) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value === "") return null;
  return value as ScalarValue;
}
