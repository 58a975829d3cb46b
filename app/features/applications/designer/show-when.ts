import type { FieldType } from "../../../../shared/fields/field-types.ts";

/**
 * The "Mostrar quando" builder: rows of field / operator / value combined with all / any, written as (and read back
 * from) expression text. The builder writes a small canonical subset of the language; any other text stays in the
 * text mode, so nothing a user typed is ever rewritten by the builder.
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

type Token =
  | { kind: "ref"; name: string }
  | { kind: "string"; value: string }
  | { kind: "number"; value: string }
  | { kind: "word"; value: string }
  | { kind: "op"; value: string }
  | { kind: "punct"; value: "(" | ")" | "," };

const TOKEN_PATTERNS: readonly [RegExp, (match: RegExpExecArray) => Token][] = [
  [/^\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/, (match) => ({ kind: "ref", name: match[1] ?? "" })],
  [/^-?\d+(\.\d+)?/, (match) => ({ kind: "number", value: match[0] })],
  [/^[A-Za-z_][A-Za-z0-9_-]*/, (match) => ({ kind: "word", value: match[0] })],
  [/^(==|!=|<=|>=|=|<|>)/, (match) => ({ kind: "op", value: match[0] === "==" ? "=" : match[0] })],
  [/^[(),]/, (match) => ({ kind: "punct", value: match[0] as "(" | ")" | "," })],
];

function readString(text: string): { value: string; length: number } | null {
  const quoteChar = text[0];
  let value = "";
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index];
    if (char === "\\") {
      index += 1;
      value += text[index] ?? "";
    } else if (char === quoteChar) return { value, length: index + 1 };
    else value += char;
  }
  return null;
}

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let rest = text.trim();
  while (rest !== "") {
    if (rest[0] === "'" || rest[0] === '"') {
      const read = readString(rest);
      if (!read) return null;
      tokens.push({ kind: "string", value: read.value });
      rest = rest.slice(read.length).trimStart();
      continue;
    }
    const matched = TOKEN_PATTERNS.map(([pattern, make]) => {
      const match = pattern.exec(rest);
      return match ? { token: make(match), length: match[0].length } : null;
    }).find((candidate) => candidate !== null);
    if (!matched) return null;
    tokens.push(matched.token);
    rest = rest.slice(matched.length).trimStart();
  }
  return tokens;
}

/** A cursor over tokens: each `take…` consumes one token of the expected shape or answers null. */
class Reader {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}
  done() {
    return this.index >= this.tokens.length;
  }
  private next<K extends Token["kind"]>(kind: K, value?: string): Extract<Token, { kind: K }> | null {
    const token = this.tokens[this.index];
    if (!token || token.kind !== kind) return null;
    if (value !== undefined && "value" in token && token.value !== value) return null;
    this.index += 1;
    return token as Extract<Token, { kind: K }>;
  }
  word(value: string) {
    return this.next("word", value) !== null;
  }
  punct(value: "(" | ")" | ",") {
    return this.next("punct", value) !== null;
  }
  ref() {
    return this.next("ref")?.name ?? null;
  }
  op() {
    return this.next("op")?.value ?? null;
  }
  string() {
    return this.next("string")?.value ?? null;
  }
  /** A literal compared to a field: its text as the builder's value field shows it. */
  value(): string | null {
    const token = this.tokens[this.index];
    if (!token) return null;
    if (token.kind === "string" || token.kind === "number") {
      this.index += 1;
      return token.value;
    }
    if (token.kind === "word" && (token.value === "true" || token.value === "false")) {
      this.index += 1;
      return token.value;
    }
    return null;
  }
}

function readSelected(reader: Reader): { field: string; value: string } | null {
  if (!reader.word("selected") || !reader.punct("(")) return null;
  const field = reader.ref();
  if (field === null || !reader.punct(",")) return null;
  const value = reader.string();
  return value !== null && reader.punct(")") ? { field, value } : null;
}

const OPERATOR_OF: Record<string, ConditionOperator> = {
  "=": "equals",
  "!=": "notEquals",
  ">": "greaterThan",
  ">=": "greaterOrEqual",
  "<": "lessThan",
  "<=": "lessOrEqual",
};

function readCondition(reader: Reader): Condition | null {
  if (reader.word("not")) {
    if (!reader.punct("(")) return null;
    const selected = readSelected(reader);
    return selected && reader.punct(")") ? { ...selected, operator: "notContains" } : null;
  }
  const field = reader.ref();
  if (field === null) {
    const selected = readSelected(reader);
    return selected ? { ...selected, operator: "contains" } : null;
  }
  const op = reader.op();
  const operator = op === null ? undefined : OPERATOR_OF[op];
  const value = reader.value();
  if (operator === undefined || value === null) return null;
  if (value === "" && (operator === "equals" || operator === "notEquals"))
    return { field, operator: operator === "equals" ? "empty" : "filled", value: "" };
  return { field, operator, value };
}

function fitsSource(condition: Condition, source: ConditionSource | undefined): boolean {
  if (!source || !operatorsFor(source.fieldType).includes(condition.operator)) return false;
  const kind = valueKindFor(source.fieldType, condition.operator);
  if (kind === "boolean") return condition.value === "true" || condition.value === "false";
  if (kind === "option") return (source.options ?? []).includes(condition.value);
  return true;
}

/**
 * The builder's rows for an expression text, or null when the builder cannot show it (other functions, parentheses,
 * mixed and/or, an unknown field, an operator or value the field's type does not offer).
 */
export function readShowWhen(text: string, sources: readonly ConditionSource[]): ShowWhen | null {
  const tokens = tokenize(text);
  if (tokens === null) return null;
  if (tokens.length === 0) return { combinator: "all", conditions: [] };
  const byName = new Map(sources.map((source) => [source.name.toLowerCase(), source]));
  const reader = new Reader(tokens);
  const conditions: Condition[] = [];
  let combinator: Combinator | null = null;
  for (;;) {
    const condition = readCondition(reader);
    const source = condition ? byName.get(condition.field.toLowerCase()) : undefined;
    if (!condition || !source || !fitsSource(condition, source)) return null;
    conditions.push({ ...condition, field: source.name });
    if (reader.done()) break;
    const joiner: Combinator | null = reader.word("and") ? "all" : reader.word("or") ? "any" : null;
    if (joiner === null || (combinator !== null && joiner !== combinator)) return null;
    combinator = joiner;
  }
  return { combinator: combinator ?? "all", conditions };
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
