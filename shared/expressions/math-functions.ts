import type { FunctionSpec, ValueType } from "./functions.ts";
import { toNumber } from "./values.ts";

const NUMERIC: readonly ValueType[] = ["number", "text", "boolean", "date"];

/** A result that is no number (`sqrt(-1)`, `log(0)`, `pow(0, -1)`) is empty, as a division by zero is. */
function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function numeric(arity: 1, compute: (a: number) => number): FunctionSpec;
function numeric(arity: 2, compute: (a: number, b: number) => number): FunctionSpec;
function numeric(arity: 1 | 2, compute: (...values: number[]) => number): FunctionSpec {
  return {
    minArgs: arity,
    maxArgs: arity,
    returns: () => "number",
    accepts: Array.from({ length: arity }, () => NUMERIC),
    run: (args) => {
      const values = args.map((thunk) => toNumber(thunk()));
      const numbers = values.filter((value): value is number => value !== null);
      return numbers.length < values.length ? null : finite(compute(...numbers));
    },
  };
}

/**
 * The numeric functions of ODK's XPath (and XPath 1.0's floor and ceiling) that forms use for plot radii, slopes and
 * areas: angles in radians, `log` natural. `random()` is left out: the server re-checks a record's calculations and
 * would never draw the phone's number.
 */
export const MATH_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  abs: numeric(1, Math.abs),
  int: numeric(1, Math.trunc),
  floor: numeric(1, Math.floor),
  ceiling: numeric(1, Math.ceil),
  sqrt: numeric(1, Math.sqrt),
  pow: numeric(2, (base, exponent) => base ** exponent),
  exp: numeric(1, Math.exp),
  exp10: numeric(1, (exponent) => 10 ** exponent),
  log: numeric(1, Math.log),
  log10: numeric(1, Math.log10),
  sin: numeric(1, Math.sin),
  cos: numeric(1, Math.cos),
  tan: numeric(1, Math.tan),
  asin: numeric(1, Math.asin),
  acos: numeric(1, Math.acos),
  atan: numeric(1, Math.atan),
  atan2: numeric(2, Math.atan2),
  pi: { minArgs: 0, maxArgs: 0, returns: () => "number", run: () => Math.PI },
};
