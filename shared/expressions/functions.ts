import { assertTextLength } from "./evaluation-budget.ts";
import { MATH_FUNCTIONS } from "./math-functions.ts";
import { ODK_FUNCTIONS } from "./odk-functions.ts";
import type { FormTables } from "./form-table.ts";
import { GEO_FUNCTIONS } from "./geo-functions.ts";
import { DEVICE_FUNCTIONS } from "./device-functions.ts";
import { patternMatches } from "./safe-regex.ts";
import { isEmptyValue, isTruthy, toList, toNumber, toText, type ExpressionValue } from "./values.ts";

/** What the analysis knows of a value's type; `any` when it cannot tell (it then never reports a mismatch). */
export type ValueType = "number" | "text" | "boolean" | "date" | "list" | "any";

/** What a function sees when it runs: the current instant and the evaluated arguments (lazily, for `if`). */
export interface CallContext {
  now: Date;
  /** Minutes east of UTC of the collector's clock; `today()` is the calendar day there. */
  utcOffsetMinutes: number;
  /** The form's attached tables (`pulldata()`); none when absent. */
  tables?: FormTables;
  /** When the collector opened the record (`duration()`); only the phone knows it. */
  startedAt?: Date | undefined;
  /** The device and browser collecting (`device-info()`); only the phone knows it. */
  deviceInfo?: string | undefined;
}

export interface FunctionSpec {
  minArgs: number;
  maxArgs: number;
  /** The result type given the argument types (for the analysis). */
  returns: (argTypes: readonly ValueType[]) => ValueType;
  /** Argument types that make no sense, by position (`any` is always accepted). */
  accepts?: readonly (readonly ValueType[] | undefined)[];
  /**
   * Arguments are thunks so that `if` and `coalesce` only evaluate what they need. Absent for the functions that
   * read the form's structure rather than values (`indexed_repeat`): the evaluator asks its scope.
   */
  run?: (args: readonly (() => ExpressionValue)[], context: CallContext) => ExpressionValue;
}

const MAX_VARIADIC = 50;
const NUMERIC: readonly ValueType[] = ["number", "text", "boolean", "date"];
const SCALAR: readonly ValueType[] = ["number", "text", "boolean", "date"];

function pad(value: number, length = 2): string {
  return String(value).padStart(length, "0");
}

/** YYYY-MM-DD of the instant in the collector's offset. */
function calendarDay(now: Date, utcOffsetMinutes: number): string {
  const shifted = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  // Number.EPSILON nudges 1.005 and friends, whose binary value sits just below the half, the way people expect.
  return Math.round((value + Math.sign(value) * Number.EPSILON * Math.abs(value)) * factor) / factor;
}

function arg(args: readonly (() => ExpressionValue)[], index: number): ExpressionValue {
  const thunk = args[index];
  return thunk === undefined ? null : thunk();
}

function selectedItems(value: ExpressionValue): readonly ExpressionValue[] {
  // A multiple choice is a list; XLSForm data may also carry it as space-separated text.
  if (typeof value === "string") return value.split(" ").filter((item) => item !== "");
  return toList(value);
}

/** `pulldata('file', 'column', 'key_column', key)`: the column of the first row whose key column holds the key. */
const pulldata: FunctionSpec = {
  minArgs: 4,
  maxArgs: 4,
  returns: () => "any",
  accepts: [["text"], ["text"], ["text"], SCALAR],
  run: (args, ctx) => {
    const table = ctx.tables?.(toText(arg(args, 0)));
    const column = table?.column(toText(arg(args, 1)));
    const keyColumn = table?.column(toText(arg(args, 2)));
    if (!table || column === undefined || keyColumn === undefined) return null;
    const [row] = table.rowsWhere(keyColumn, toText(arg(args, 3)));
    return row === undefined ? null : table.cell(row, column);
  },
};

/** XPath's max() and min() over lists and single values; empty items are skipped, nothing numeric gives empty. */
function extreme(args: readonly (() => ExpressionValue)[], pick: (...values: number[]) => number): ExpressionValue {
  const numbers = args
    .flatMap((thunk) => toList(thunk()))
    .map((item) => (Array.isArray(item) ? null : toNumber(item)))
    .filter((item): item is number => item !== null);
  return numbers.length === 0 ? null : pick(...numbers);
}

/**
 * The functions of the language. Hyphenated XLSForm spellings (`count-selected`, `string-length`) are mapped to these
 * names by the parser.
 */
export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  if: {
    minArgs: 3,
    maxArgs: 3,
    returns: ([, a = "any", b = "any"]) => (a === b ? a : "any"),
    run: (args) => (isTruthy(arg(args, 0)) ? arg(args, 1) : arg(args, 2)),
  },
  not: { minArgs: 1, maxArgs: 1, returns: () => "boolean", run: (args) => !isTruthy(arg(args, 0)) },
  concat: {
    minArgs: 1,
    maxArgs: MAX_VARIADIC,
    returns: () => "text",
    run: (args) => {
      const parts = args.map((thunk) => toText(thunk()));
      assertTextLength(parts.reduce((total, part) => total + part.length, 0));
      return parts.join("");
    },
  },
  today: { minArgs: 0, maxArgs: 0, returns: () => "date", run: (_, ctx) => calendarDay(ctx.now, ctx.utcOffsetMinutes) },
  now: { minArgs: 0, maxArgs: 0, returns: () => "text", run: (_, ctx) => ctx.now.toISOString() },
  pulldata,
  selected: {
    minArgs: 2,
    maxArgs: 2,
    returns: () => "boolean",
    accepts: [["list", "text"], SCALAR],
    run: (args) => {
      const option = toText(arg(args, 1));
      return selectedItems(arg(args, 0)).some((item) => toText(item) === option);
    },
  },
  count_selected: {
    minArgs: 1,
    maxArgs: 1,
    returns: () => "number",
    accepts: [["list", "text"]],
    run: (args) => selectedItems(arg(args, 0)).length,
  },
  // ODK's selected-at(): the choice at a 0-based position of a multiple answer. Past its end ODK Collect stops the form
  // with an error; here, as in Enketo, the value is empty, which a relevance or a calculation can test.
  selected_at: {
    minArgs: 2,
    maxArgs: 2,
    returns: () => "text",
    accepts: [["list", "text"], NUMERIC],
    run: (args) => {
      const position = toNumber(arg(args, 1));
      const item = position === null ? undefined : selectedItems(arg(args, 0))[Math.trunc(position)];
      return item === undefined ? "" : toText(item);
    },
  },
  regex: {
    minArgs: 2,
    maxArgs: 2,
    returns: () => "boolean",
    accepts: [SCALAR, ["text"]],
    run: (args) => {
      const value = arg(args, 0);
      if (isEmptyValue(value)) return false;
      return patternMatches(toText(arg(args, 1)), toText(value));
    },
  },
  string_length: {
    minArgs: 1,
    maxArgs: 1,
    returns: () => "number",
    run: (args) => [...toText(arg(args, 0))].length,
  },
  // XPath's normalize-space(): the text without spaces at its ends, each run of spaces inside made one.
  normalize_space: {
    minArgs: 1,
    maxArgs: 1,
    returns: () => "text",
    run: (args) =>
      toText(arg(args, 0))
        .replace(/[ \t\r\n]+/g, " ")
        .trim(),
  },
  round: {
    minArgs: 1,
    maxArgs: 2,
    returns: () => "number",
    accepts: [NUMERIC, ["number"]],
    run: (args) => {
      const value = toNumber(arg(args, 0));
      const digits = args.length > 1 ? toNumber(arg(args, 1)) : 0;
      if (value === null || digits === null) return null;
      return roundTo(value, Math.max(-15, Math.min(15, Math.trunc(digits))));
    },
  },
  sum: {
    minArgs: 1,
    maxArgs: 1,
    returns: () => "number",
    accepts: [["list", "number"]],
    run: (args) =>
      toList(arg(args, 0)).reduce<number>(
        (total, item) => total + (toNumber(Array.isArray(item) ? null : item) ?? 0),
        0,
      ),
  },
  count: {
    minArgs: 1,
    maxArgs: 1,
    returns: () => "number",
    accepts: [["list"]],
    run: (args) => toList(arg(args, 0)).length,
  },
  max: {
    minArgs: 1,
    maxArgs: MAX_VARIADIC,
    returns: () => "number",
    run: (args) => extreme(args, Math.max),
  },
  min: {
    minArgs: 1,
    maxArgs: MAX_VARIADIC,
    returns: () => "number",
    run: (args) => extreme(args, Math.min),
  },
  // Its one argument is a `..` path, which evaluates to that container's entry number (see parse-expression).
  position: { minArgs: 1, maxArgs: 1, returns: () => "number", run: (args) => arg(args, 0) },
  indexed_repeat: { minArgs: 3, maxArgs: 7, returns: () => "any" },
  number: { minArgs: 1, maxArgs: 1, returns: () => "number", run: (args) => toNumber(arg(args, 0)) },
  ...MATH_FUNCTIONS,
  ...ODK_FUNCTIONS,
  coalesce: {
    minArgs: 2,
    maxArgs: 2,
    returns: ([a = "any", b = "any"]) => (a === b ? a : "any"),
    run: (args) => {
      const first = arg(args, 0);
      return isEmptyValue(first) ? arg(args, 1) : first;
    },
  },
  ...GEO_FUNCTIONS,
  ...DEVICE_FUNCTIONS,
};

/** XLSForm's hyphenated names, accepted as written. */
export const FUNCTION_ALIASES: Readonly<Record<string, string>> = {
  "count-selected": "count_selected",
  "device-info": "device_info",
  "indexed-repeat": "indexed_repeat",
  "normalize-space": "normalize_space",
  "selected-at": "selected_at",
  "string-length": "string_length",
};

export function functionSpec(name: string): FunctionSpec | undefined {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
}
