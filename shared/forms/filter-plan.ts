import {
  evaluateExpression,
  isTruthy,
  referencedNames,
  type EvaluationScope,
  type Expression,
  valuesEqual,
  type ExpressionValue,
} from "../expressions/index.ts";
import { propertySetsOf, type OptionProperties } from "../fields/option-property-sets.ts";

export type { OptionProperties };

type Reader = (name: string) => ExpressionValue;

/**
 * What a choice filter needs to run fast over a long list (a 10,000-row city list filters on every keystroke):
 * the options grouped by the values of the bare words the filter reads — options alike in those are kept or left
 * alike, so the filter runs once per group — and the last result with the field values it was computed from.
 */
interface FilterPlan {
  options: readonly string[];
  properties: OptionProperties;
  /** How the filter reads each group's options (its first option stands for all). */
  readers: Reader[];
  /** The group of each option, by position (of its first set of properties). */
  groupOf: Int32Array;
  /** The groups of the further sets of an option under several parents, by position: any group passing offers it. */
  moreGroups: Map<number, number[]>;
  fieldNames: string[];
  readsClock: boolean;
  /** `word = expression` (either way round, the expression reading no option): evaluated once, then compared. */
  equality?: { word: string; other: Expression; optionLeft: boolean };
  last?: { key: string; offered: string[] };
}

const plans = new WeakMap<Expression, FilterPlan>();
const CLOCK_FUNCTIONS = new Set(["now", "today"]);

/** A bare word read for one option: `name` is the option itself, any other word its property (case-insensitive). */
function optionReader(option: string, own: Record<string, string>): Reader {
  const byKey = new Map<string, string>();
  for (const [property, value] of Object.entries(own))
    if (!byKey.has(property.toLowerCase())) byKey.set(property.toLowerCase(), value);
  return (name) => {
    const key = name.toLowerCase();
    return key === "name" ? option : (byKey.get(key) ?? null);
  };
}

function walk(expression: Expression, visit: (node: Expression) => void): void {
  visit(expression);
  if (expression.kind === "negate") walk(expression.operand, visit);
  else if (expression.kind === "binary") {
    walk(expression.left, visit);
    walk(expression.right, visit);
  } else if (expression.kind === "call") for (const arg of expression.args) walk(arg, visit);
}

function buildPlan(options: readonly string[], properties: OptionProperties, filter: Expression): FilterPlan {
  const words = new Set<string>();
  let readsClock = false;
  walk(filter, (node) => {
    if (node.kind === "option") words.add(node.name);
    if (node.kind === "call" && CLOCK_FUNCTIONS.has(node.name)) readsClock = true;
  });
  const readers: Reader[] = [];
  const groups = new Map<string, number>();
  const groupOf = new Int32Array(options.length);
  const moreGroups = new Map<number, number[]>();
  const groupFor = (read: Reader) => {
    const key = JSON.stringify([...words].map(read));
    let group = groups.get(key);
    if (group === undefined) {
      group = readers.push(read) - 1;
      groups.set(key, group);
    }
    return group;
  };
  options.forEach((option, position) => {
    const [first = {}, ...more] = propertySetsOf(properties[option]);
    groupOf[position] = groupFor(optionReader(option, first));
    if (more.length > 0)
      moreGroups.set(
        position,
        more.map((set) => groupFor(optionReader(option, set))),
      );
  });
  return {
    options,
    properties,
    readers,
    groupOf,
    moreGroups,
    fieldNames: referencedNames(filter),
    readsClock,
    ...equalityOf(filter),
  };
}

function readsOption(expression: Expression): boolean {
  let found = false;
  walk(expression, (node) => {
    if (node.kind === "option") found = true;
  });
  return found;
}

function equalityOf(filter: Expression): Pick<FilterPlan, "equality"> {
  if (filter.kind !== "binary" || filter.operator !== "=") return {};
  const { left, right } = filter;
  if (left.kind === "option" && !readsOption(right))
    return { equality: { word: left.name, other: right, optionLeft: true } };
  if (right.kind === "option" && !readsOption(left))
    return { equality: { word: right.name, other: left, optionLeft: false } };
  return {};
}

/** Whether each group passes: one comparison per group for an equality, else one evaluation per group. */
function keptGroups(plan: FilterPlan, filter: Expression, scope: EvaluationScope): boolean[] {
  const { equality } = plan;
  if (equality) {
    const other = evaluateExpression(equality.other, scope);
    return plan.readers.map((read) => {
      const own = read(equality.word);
      return equality.optionLeft ? valuesEqual(own, other) : valuesEqual(other, own);
    });
  }
  // One scope for every group, its option reader switched per group: a scope per option was most of the cost.
  let read: Reader = () => null;
  const optionScope: EvaluationScope = { ...scope, option: (name) => read(name) };
  return plan.readers.map((groupReader) => {
    read = groupReader;
    return isTruthy(evaluateExpression(filter, optionScope));
  });
}

function planFor(options: readonly string[], properties: OptionProperties, filter: Expression): FilterPlan {
  const known = plans.get(filter);
  if (known && known.options === options && known.properties === properties) return known;
  const plan = buildPlan(options, properties, filter);
  plans.set(filter, plan);
  return plan;
}

/** The options a filter keeps, in the designer's order; the same as evaluating it once per option. */
export function runFilterPlan(
  options: readonly string[],
  properties: OptionProperties,
  filter: Expression,
  scope: EvaluationScope,
): string[] {
  const plan = planFor(options, properties, filter);
  const clock = plan.readsClock ? [scope.now?.getTime() ?? Date.now(), scope.utcOffsetMinutes ?? null] : [];
  const key = JSON.stringify([plan.fieldNames.map((name) => scope.field(name)), scope.current ?? null, clock]);
  if (plan.last?.key === key) return [...plan.last.offered];
  const kept = keptGroups(plan, filter, scope);
  const offered = options.filter(
    (_, position) =>
      kept[plan.groupOf[position] ?? 0] || plan.moreGroups.get(position)?.some((group) => kept[group]) === true,
  );
  plan.last = { key, offered };
  return [...offered];
}
