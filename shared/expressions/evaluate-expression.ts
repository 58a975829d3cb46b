import type { BinaryOperator, Expression } from "./ast.ts";
import { LimitReached, type EvaluationBudget } from "./evaluation-budget.ts";
import type { FormTables } from "./form-table.ts";
import { functionSpec } from "./functions.ts";
import { filterRows } from "./table-filter.ts";
import { isEmptyValue, isTruthy, normalizeNumber, toNumber, toText, type ExpressionValue } from "./values.ts";

/** One `${repeat}, n` pair of `indexed-repeat()`: the nth entry (from 1) of that repeat. */
export interface IndexedStep {
  repeat: string;
  position: ExpressionValue;
}

export interface EvaluationScope {
  /** The value of `${name}` (names compare case-insensitively; an unknown name is empty). */
  field: (name: string) => ExpressionValue;
  /** `${last-saved#name}`: the field's answer in the device's last saved record of the form; empty when absent. */
  lastSaved?: (name: string) => ExpressionValue;
  /** `indexed-repeat(${name}, ${repeat}, n, …)`: the field's value in the entries named; empty when absent. */
  indexedRepeat?: (name: string, steps: readonly IndexedStep[]) => ExpressionValue;
  /** `position(..)`: the entry number of the repeat `levels` containers up from the field; empty when absent. */
  position?: (levels: number) => ExpressionValue;
  /** The value being checked, `.` in a constraint. */
  current?: ExpressionValue;
  /** A property of the option being filtered, a bare word in a choice filter (empty elsewhere). */
  option?: (name: string) => ExpressionValue;
  /** The instant `now()` and `today()` read; the evaluation time when absent. */
  now?: Date;
  /** Minutes east of UTC of the collector's clock; this runtime's offset when absent. */
  utcOffsetMinutes?: number;
  /** The record's budget, shared by all its expressions (shared/forms makes one per record); none when absent. */
  budget?: EvaluationBudget;
  /** The form's attached tables, read by `pulldata()` and `instance()`; none when absent (they read empty). */
  tables?: FormTables;
  /** When the collector opened the record and on what (`duration()`, `device-info()`): the phone's only. */
  startedAt?: Date;
  deviceInfo?: string;
}

type Optional = "budget" | "tables" | "startedAt" | "deviceInfo";
type FullScope = Required<Omit<EvaluationScope, Optional>> & Pick<EvaluationScope, Optional>;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Dates take part in arithmetic as days since 1970-01-01, so `today() - ${birth}` is an age in days. */
function arithmeticNumber(value: ExpressionValue): number | null {
  if (typeof value === "string") {
    const date = DATE_TEXT.exec(value);
    if (date) return Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) / DAY_MS;
  }
  return toNumber(value);
}

function arithmetic(operator: "+" | "-" | "*" | "/" | "mod", left: ExpressionValue, right: ExpressionValue) {
  const a = arithmeticNumber(left);
  const b = arithmeticNumber(right);
  if (a === null || b === null) return null;
  const result = exactArithmetic(operator, a, b);
  // Each step is normalized so that comparisons see what people see: `0.1 + 0.2 = 0.3` holds.
  return result === null ? null : normalizeNumber(result);
}

function exactArithmetic(operator: "+" | "-" | "*" | "/" | "mod", a: number, b: number): number | null {
  switch (operator) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? null : a / b;
    case "mod":
      return b === 0 ? null : a % b;
  }
}

/** `=`: empty equals '' (and any empty), numbers compare as numbers when both sides read as one, else as text. */
export function valuesEqual(left: ExpressionValue, right: ExpressionValue): boolean {
  const leftEmpty = isEmptyValue(left);
  const rightEmpty = isEmptyValue(right);
  if (leftEmpty || rightEmpty) return leftEmpty && rightEmpty;
  if (typeof left === "boolean" && typeof right === "boolean") return left === right;
  if (typeof left === "number" || typeof right === "number") {
    const a = toNumber(left);
    const b = toNumber(right);
    if (a !== null && b !== null) return a === b;
  }
  return toText(left) === toText(right);
}

/** `<` and friends: numbers numerically, other non-empty values as text (dates and times sort as written). */
function compare(operator: "<" | "<=" | ">" | ">=", left: ExpressionValue, right: ExpressionValue): boolean {
  if (isEmptyValue(left) || isEmptyValue(right)) return false;
  const a = toNumber(left);
  const b = toNumber(right);
  const order =
    a !== null && b !== null
      ? Math.sign(a - b)
      : toText(left) < toText(right)
        ? -1
        : toText(left) > toText(right)
          ? 1
          : 0;
  switch (operator) {
    case "<":
      return order < 0;
    case "<=":
      return order <= 0;
    case ">":
      return order > 0;
    case ">=":
      return order >= 0;
  }
}

function binary(operator: BinaryOperator, left: Expression, right: Expression, scope: FullScope) {
  switch (operator) {
    case "and":
      return isTruthy(evaluate(left, scope)) && isTruthy(evaluate(right, scope));
    case "or":
      return isTruthy(evaluate(left, scope)) || isTruthy(evaluate(right, scope));
    case "=":
      return valuesEqual(evaluate(left, scope), evaluate(right, scope));
    case "!=":
      return !valuesEqual(evaluate(left, scope), evaluate(right, scope));
    case "<":
    case "<=":
    case ">":
    case ">=":
      return compare(operator, evaluate(left, scope), evaluate(right, scope));
    default:
      return arithmetic(operator, evaluate(left, scope), evaluate(right, scope));
  }
}

/** The parser guarantees the field and repeat arguments are `${name}`s; their names, not their values, are read. */
function indexedRepeat(args: readonly Expression[], scope: FullScope): ExpressionValue {
  const [target, ...pairs] = args;
  if (target?.kind !== "field") return null;
  const steps: IndexedStep[] = [];
  for (let at = 0; at + 1 < pairs.length; at += 2) {
    const repeat = pairs[at];
    const position = pairs[at + 1];
    if (repeat?.kind !== "field" || position === undefined) return null;
    steps.push({ repeat: repeat.name, position: evaluate(position, scope) });
  }
  return scope.indexedRepeat(target.name, steps);
}

function evaluate(expression: Expression, scope: FullScope): ExpressionValue {
  scope.budget?.step();
  switch (expression.kind) {
    case "literal":
      return expression.value;
    case "field":
      return expression.lastSaved ? scope.lastSaved(expression.name) : scope.field(expression.name);
    case "current":
      return scope.current;
    case "option":
      return scope.option(expression.name);
    case "parent":
      return scope.position(expression.levels);
    case "negate": {
      const value = arithmeticNumber(evaluate(expression.operand, scope));
      return value === null ? null : -value;
    }
    case "binary":
      return binary(expression.operator, expression.left, expression.right, scope);
    case "call": {
      if (expression.name === "indexed_repeat") return indexedRepeat(expression.args, scope);
      const spec = functionSpec(expression.name);
      if (!spec) return null;
      const args = expression.args.map((arg) => () => evaluate(arg, scope));
      return spec.run ? spec.run(args, scope) : null;
    }
    case "lookup":
      return lookup(expression, scope);
  }
}

/** The column of the first row the lookup's filter keeps; empty without the file, the column or a row. */
function lookup(node: Extract<Expression, { kind: "lookup" }>, scope: FullScope): ExpressionValue {
  const table = scope.tables?.(node.file);
  const column = table?.column(node.column);
  if (!table || column === undefined) return null;
  const [first] = filterRows(table, node.filter, (expression, option) => evaluate(expression, { ...scope, option }));
  return first === undefined ? null : table.cell(first, column);
}

/**
 * Evaluates a parsed expression. Never throws: whatever cannot be computed (a missing field, a division by zero, text
 * where a number is needed, a text past TEXT_VALUE_MAX, a record past its budget) is empty (`null`), NaN or
 * infinities never come out, and numbers come out without floating-point noise. A limit reached is kept in the
 * scope's budget, for the record's validation to refuse it.
 */
export function evaluateExpression(expression: Expression, scope: EvaluationScope): ExpressionValue {
  const full: FullScope = {
    field: scope.field,
    current: scope.current ?? null,
    option: scope.option ?? (() => null),
    lastSaved: scope.lastSaved ?? (() => null),
    indexedRepeat: scope.indexedRepeat ?? (() => null),
    position: scope.position ?? (() => null),
    now: scope.now ?? new Date(),
    utcOffsetMinutes: scope.utcOffsetMinutes ?? -new Date().getTimezoneOffset(),
    budget: scope.budget,
    tables: scope.tables,
    startedAt: scope.startedAt,
    deviceInfo: scope.deviceInfo,
  };
  if (full.budget?.breach) return null;
  try {
    const value = evaluate(expression, full);
    if (typeof value !== "number") return value;
    return Number.isFinite(value) ? normalizeNumber(value) : null;
  } catch (error) {
    if (error instanceof LimitReached && full.budget) full.budget.breach ??= error.breach;
    return null;
  }
}
