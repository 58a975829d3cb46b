import { parseExpression, type BinaryOperator, type Expression } from "../../../../shared/expressions/index.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";

/**
 * The "Mostrar quando" builder: rows of field / operator / value combined with all / any, written as (and read back
 * from) expression text. The builder writes a small canonical subset of the language and reads text through the shared
 * parser, so rows mean exactly what the form runs. Text it cannot show as rows stays in the text mode; text it shows is
 * rewritten (to the same meaning, in canonical form) only when the user changes a row.
 */
export const CONDITION_OPERATORS = [
  "equals",
  "notEquals",
  "greaterThan",
  "greaterOrEqual",
  "lessThan",
  "lessOrEqual",
  "contains",
  "notContains",
  "filled",
  "empty",
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const COMBINATORS = ["all", "any"] as const;
export type Combinator = (typeof COMBINATORS)[number];

export interface Condition {
  /** The compared field's name (`${name}`). */
  field: string;
  operator: ConditionOperator;
  /** As typed; numbers and booleans are written unquoted for the fields that hold them. */
  value: string;
}

export interface ShowWhen {
  combinator: Combinator;
  conditions: Condition[];
}

/** What the builder needs of a field it can compare. */
export interface ConditionSource {
  name: string;
  fieldType: FieldType;
  options?: readonly string[];
}

/** How a condition's value is entered: nothing, free text, a number, one of the field's options, yes or no. */
export type ValueKind = "none" | "text" | "number" | "date" | "time" | "option" | "boolean";

const PRESENCE: readonly ConditionOperator[] = ["filled", "empty"];
const EQUALITY: readonly ConditionOperator[] = ["equals", "notEquals", ...PRESENCE];
const ORDERED: readonly ConditionOperator[] = CONDITION_OPERATORS.filter(
  (operator) => operator !== "contains" && operator !== "notContains",
);

/** The operators that make sense for a field type; types the builder cannot compare get none. */
export function operatorsFor(type: FieldType): readonly ConditionOperator[] {
  switch (type) {
    case "number":
    case "date":
    case "time":
    case "calculation":
    case "range":
      return ORDERED;
    case "text":
    case "email":
    case "phone":
    case "url":
    case "yes_no":
    case "single_choice":
    case "barcode":
    case "hidden":
    case "entity":
      return EQUALITY;
    case "multiple_choice":
      return ["contains", "notContains", ...PRESENCE];
    case "photo":
    case "signature":
    case "audio":
    case "video":
    case "file":
    case "gps":
    case "line":
    case "area":
    case "datetime":
    case "rank":
    case "acknowledge":
    case "metadata":
      return PRESENCE;
    case "note":
    case "section":
    case "repeat":
      return [];
  }
}

export function valueKindFor(type: FieldType, operator: ConditionOperator): ValueKind {
  if (operator === "filled" || operator === "empty") return "none";
  switch (type) {
    case "number":
    case "calculation":
    case "range":
      return "number";
    case "date":
      return "date";
    case "time":
      return "time";
    case "yes_no":
      return "boolean";
    case "single_choice":
    case "multiple_choice":
      return "option";
    default:
      return "text";
  }
}

const NUMBER_LITERAL = /^-?\d+(\.\d+)?$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function literal(value: string, kind: ValueKind): string {
  const trimmed = value.trim();
  if (kind === "boolean" && (trimmed === "true" || trimmed === "false")) return trimmed;
  if (kind === "number" && NUMBER_LITERAL.test(trimmed)) return trimmed;
  return quote(value);
}

const COMPARISON: Partial<Record<ConditionOperator, string>> = {
  equals: "=",
  notEquals: "!=",
  greaterThan: ">",
  greaterOrEqual: ">=",
  lessThan: "<",
  lessOrEqual: "<=",
};

function writeCondition(condition: Condition, source: ConditionSource | undefined): string {
  const ref = `\${${condition.field}}`;
  const kind = source ? valueKindFor(source.fieldType, condition.operator) : "text";
  switch (condition.operator) {
    case "filled":
      return `${ref} != ''`;
    case "empty":
      return `${ref} = ''`;
    case "contains":
      return `selected(${ref}, ${quote(condition.value)})`;
    case "notContains":
      return `not(selected(${ref}, ${quote(condition.value)}))`;
    default:
      return `${ref} ${COMPARISON[condition.operator] ?? "="} ${literal(condition.value, kind)}`;
  }
}

/** The expression text of a built condition set ("" when it has no condition: always shown). */
export function writeShowWhen(showWhen: ShowWhen, sources: readonly ConditionSource[]): string {
  const byName = new Map(sources.map((source) => [source.name.toLowerCase(), source]));
  return showWhen.conditions
    .map((condition) => writeCondition(condition, byName.get(condition.field.toLowerCase())))
    .join(showWhen.combinator === "all" ? " and " : " or ");
}

/** A literal compared to a field, as the builder's value field shows it; null for anything else. */
function literalText(node: Expression): string | null {
  if (node.kind === "literal") return String(node.value);
  if (node.kind === "negate" && node.operand.kind === "literal" && typeof node.operand.value === "number")
    return String(-node.operand.value);
  return null;
}

/** A plain `${name}` (not `${last-saved#name}`). */
function fieldName(node: Expression): string | null {
  return node.kind === "field" && !node.lastSaved ? node.name : null;
}

/** `selected(${field}, 'option')`. */
function readSelected(node: Expression): { field: string; value: string } | null {
  if (node.kind !== "call" || node.name !== "selected") return null;
  const [target, option] = node.args;
  const field = target ? fieldName(target) : null;
  if (field === null || option?.kind !== "literal" || typeof option.value !== "string") return null;
  return { field, value: option.value };
}

const OPERATOR_OF: Partial<Record<BinaryOperator, ConditionOperator>> = {
  "=": "equals",
  "!=": "notEquals",
  ">": "greaterThan",
  ">=": "greaterOrEqual",
  "<": "lessThan",
  "<=": "lessOrEqual",
};

function readCondition(node: Expression): Condition | null {
  if (node.kind === "call" && node.name === "not") {
    const [inner] = node.args;
    const selected = inner ? readSelected(inner) : null;
    return selected ? { ...selected, operator: "notContains" } : null;
  }
  const selected = readSelected(node);
  if (selected) return { ...selected, operator: "contains" };
  if (node.kind !== "binary") return null;
  const operator = OPERATOR_OF[node.operator];
  const field = fieldName(node.left);
  const value = literalText(node.right);
  if (operator === undefined || field === null || value === null) return null;
  if (value === "" && (operator === "equals" || operator === "notEquals"))
    return { field, operator: operator === "equals" ? "empty" : "filled", value: "" };
  return { field, operator, value };
}

/** The operands of a chain of one joiner (`a and b and c`, however grouped); a mixed chain keeps its inner node. */
function joined(node: Expression, joiner: "and" | "or"): Expression[] {
  if (node.kind !== "binary" || node.operator !== joiner) return [node];
  return [...joined(node.left, joiner), ...joined(node.right, joiner)];
}

function fitsSource(condition: Condition, source: ConditionSource | undefined): boolean {
  if (!source || !operatorsFor(source.fieldType).includes(condition.operator)) return false;
  const kind = valueKindFor(source.fieldType, condition.operator);
  if (kind === "boolean") return condition.value === "true" || condition.value === "false";
  if (kind === "option") return (source.options ?? []).includes(condition.value);
  return true;
}

/**
 * The builder's rows for an expression text, read from the shared parser's tree (so the builder shows exactly what
 * the form runs), or null when the builder cannot show it: text that does not parse, other functions or operators,
 * and/or mixed, an unknown field, an operator or value the field's type does not offer.
 */
export function readShowWhen(text: string, sources: readonly ConditionSource[]): ShowWhen | null {
  if (text.trim() === "") return { combinator: "all", conditions: [] };
  const parsed = parseExpression(text);
  if (!parsed.ok) return null;
  const { expression } = parsed;
  const combinator: Combinator = expression.kind === "binary" && expression.operator === "or" ? "any" : "all";
  const byName = new Map(sources.map((source) => [source.name.toLowerCase(), source]));
  const conditions: Condition[] = [];
  for (const node of joined(expression, combinator === "all" ? "and" : "or")) {
    const condition = readCondition(node);
    const source = condition ? byName.get(condition.field.toLowerCase()) : undefined;
    if (!condition || !source || !fitsSource(condition, source)) return null;
    conditions.push({ ...condition, field: source.name });
  }
  return { combinator, conditions };
}

/** A new row for a field: its first operator and an empty value (or its first option). */
export function newCondition(source: ConditionSource): Condition {
  const operator = operatorsFor(source.fieldType)[0] ?? "filled";
  return { field: source.name, operator, value: defaultValueFor(source, operator) };
}

/** The value a row starts with after its field or operator changes (a choice field offers its first option). */
export function defaultValueFor(source: ConditionSource, operator: ConditionOperator): string {
  const kind = valueKindFor(source.fieldType, operator);
  if (kind === "option") return source.options?.[0] ?? "";
  if (kind === "boolean") return "true";
  return "";
}
