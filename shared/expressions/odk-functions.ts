import type { FunctionSpec, ValueType } from "./functions.ts";
import { toList, toNumber, toText, type ExpressionValue } from "./values.ts";

const SCALAR: readonly ValueType[] = ["number", "text", "boolean", "date"];
const DAY_MS = 86_400_000;

function arg(args: readonly (() => ExpressionValue)[], index: number): ExpressionValue {
  const thunk = args[index];
  return thunk === undefined ? null : thunk();
}

/** mulberry32: a small, well-spread generator; the same seed gives the same number on the phone and the server. */
function drawFrom(seed: number): number {
  let t = (seed + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** `date(x)`: a date from a date text (its day part) or from a number of days since 1970-01-01, as ODK reads it. */
function toDate(value: ExpressionValue): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    return new Date(Math.floor(value) * DAY_MS).toISOString().slice(0, 10);
  }
  const text = toText(value).trim();
  const day = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(text)?.[1];
  if (day !== undefined) return Number.isNaN(Date.parse(day)) ? null : day;
  const days = toNumber(value);
  return days === null ? null : toDate(days);
}

/**
 * ODK functions that XLSForms from ODK and SurveyCTO use. Campo computes a record's calculations again wherever the
 * record is read (phone and server), from its answers and its start instant, so:
 * - `random()` is drawn from the record's start instant: the same number on the phone and the server, and for every
 *   later edit; two calls in one record give the same number.
 * - `once(x)` is `x`: what it guards against (a value that changes when computed again) cannot happen to a value made
 *   of the answers and the start instant.
 */
export const ODK_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  once: { minArgs: 1, maxArgs: 1, returns: ([type = "any"]) => type, run: (args) => arg(args, 0) },
  random: { minArgs: 0, maxArgs: 0, returns: () => "number", run: (_, ctx) => drawFrom(ctx.now.getTime() % 2 ** 31) },
  join: {
    minArgs: 2,
    maxArgs: 2,
    returns: () => "text",
    accepts: [SCALAR],
    run: (args) => {
      const separator = toText(arg(args, 0));
      return toList(arg(args, 1))
        .map((item) => toText(item))
        .filter((item) => item !== "")
        .join(separator);
    },
  },
  date: { minArgs: 1, maxArgs: 1, returns: () => "date", accepts: [SCALAR], run: (args) => toDate(arg(args, 0)) },
};
