import jsep from "jsep";
import type { BinaryOperator, Expression } from "./ast.ts";
import { expressionError, type ExpressionError } from "./expression-errors.ts";
import { FUNCTION_ALIASES, functionSpec } from "./functions.ts";
import { readInstancePath } from "./instance-path.ts";
import { isQuote, readQuotedText } from "./quoted-text.ts";

/** Longest expression source a field may store (the designer's and the XLSForm import's limit). */
export const EXPRESSION_MAX = 2000;
/** Deepest nesting accepted: parentheses in the source, then nodes in the tree (bounds every recursion). */
const PAREN_DEPTH_MAX = 40;
const TREE_DEPTH_MAX = 400;

export type ParseResult = { ok: true; expression: Expression } | { ok: false; error: ExpressionError };

const BINARY_OPERATORS: Readonly<Record<string, { precedence: number; operator: BinaryOperator }>> = {
  or: { precedence: 1, operator: "or" },
  and: { precedence: 2, operator: "and" },
  "=": { precedence: 6, operator: "=" },
  "==": { precedence: 6, operator: "=" },
  "!=": { precedence: 6, operator: "!=" },
  "<": { precedence: 7, operator: "<" },
  "<=": { precedence: 7, operator: "<=" },
  ">": { precedence: 7, operator: ">" },
  ">=": { precedence: 7, operator: ">=" },
  "+": { precedence: 9, operator: "+" },
  "-": { precedence: 9, operator: "-" },
  "*": { precedence: 10, operator: "*" },
  "/": { precedence: 10, operator: "/" },
  mod: { precedence: 10, operator: "mod" },
  // XPath's division, as XLSForm authors write it (`/` is a path step there).
  div: { precedence: 10, operator: "/" },
};

const FIELD_REFERENCE = /\$\{(last-saved#)?([A-Za-z_][A-Za-z0-9_]{0,63})\}/y;
const ALIASED_CALL = new RegExp(`(${Object.keys(FUNCTION_ALIASES).join("|")})(?=\\s*\\()`, "y");
const FIELD_NODE = "CampoField";
const CURRENT_NODE = "CampoCurrent";
const LOOKUP_NODE = "CampoLookup";
const PARENT_NODE = "CampoParent";
/** `..`, `../..`…: XPath's way up from a field, as `position(..)` takes it. */
const PARENT_PATH = /\.\.(\/\.\.)*/y;
const DOLLAR = 36;
const PERIOD = 46;

/**
 * jsep is one configurable instance per process; Campo is its only user, so it is set up once, here, for the
 * language: XLSForm's word operators, `${name}` references, `.` and hyphenated function names.
 */
function configureJsep(): void {
  jsep.removeAllBinaryOps();
  jsep.removeAllUnaryOps();
  jsep.removeAllLiterals();
  for (const [symbol, { precedence }] of Object.entries(BINARY_OPERATORS)) jsep.addBinaryOp(symbol, precedence);
  jsep.addUnaryOp("-");
  jsep.addLiteral("true", true);
  jsep.addLiteral("false", false);
  jsep.hooks.add("gobble-token", function campoTokens(env) {
    if (isQuote(this.expr.charAt(this.index))) {
      const quoted = readQuotedText(this.expr, this.index);
      if (!quoted) this.throwError("Unclosed quote");
      env.node = { type: "Literal", value: quoted.value, raw: this.expr.slice(this.index, quoted.end) };
      this.index = quoted.end;
      return;
    }
    if (this.code === DOLLAR) {
      FIELD_REFERENCE.lastIndex = this.index;
      const match = FIELD_REFERENCE.exec(this.expr);
      if (!match) this.throwError("Invalid field reference");
      this.index += match[0].length;
      env.node = { type: FIELD_NODE, name: match[2], lastSaved: match[1] !== undefined };
      return;
    }
    PARENT_PATH.lastIndex = this.index;
    const parent = PARENT_PATH.exec(this.expr);
    if (parent) {
      this.index += parent[0].length;
      env.node = { type: PARENT_NODE, levels: parent[0].split("/").length };
      return;
    }
    if (this.code === PERIOD && !/\d/.test(this.expr.charAt(this.index + 1))) {
      this.index += 1;
      env.node = { type: CURRENT_NODE };
      return;
    }
    if (this.expr.startsWith("instance(", this.index)) {
      const path = readInstancePath(this.expr, this.index);
      if (!path) this.throwError("Invalid instance path");
      this.index = path.end;
      env.node = { type: LOOKUP_NODE, instance: path.instance, column: path.column, filter: path.filter };
      return;
    }
    ALIASED_CALL.lastIndex = this.index;
    const alias = ALIASED_CALL.exec(this.expr);
    if (alias) {
      this.index += alias[0].length;
      env.node = this.gobbleTokenProperty({ type: "Identifier", name: FUNCTION_ALIASES[alias[0]] ?? alias[0] });
    }
  });
}
configureJsep();

class ConversionError extends Error {
  constructor(readonly detail: ExpressionError) {
    super(detail.key);
  }
}

function fail(error: ExpressionError): never {
  throw new ConversionError(error);
}

function isNode(value: unknown): value is jsep.Expression {
  return typeof value === "object" && value !== null && "type" in value;
}

function child(node: jsep.Expression, key: string): jsep.Expression {
  const value = node[key];
  return isNode(value) ? value : fail(expressionError("unsupported"));
}

export interface ParseOptions {
  /** Read bare words as properties of the option being filtered (a select's choice filter). */
  optionProperties?: boolean;
}

function convert(node: jsep.Expression, depth: number, options: ParseOptions): Expression {
  if (depth > TREE_DEPTH_MAX) fail(expressionError("tooDeep"));
  const recurse = (next: jsep.Expression) => convert(next, depth + 1, options);
  switch (node.type) {
    case FIELD_NODE:
      return node.lastSaved === true
        ? { kind: "field", name: String(node.name), lastSaved: true }
        : { kind: "field", name: String(node.name) };
    case CURRENT_NODE:
      return { kind: "current" };
    case LOOKUP_NODE:
      return convertLookup(node);
    case "Literal": {
      const value = node.value;
      if (typeof value === "string" || typeof value === "boolean") return { kind: "literal", value };
      if (typeof value === "number" && Number.isFinite(value)) return { kind: "literal", value };
      return fail(expressionError("unsupported"));
    }
    case "Identifier":
      if (options.optionProperties) return { kind: "option", name: String(node.name) };
      return fail(expressionError("unknownName", { name: String(node.name) }));
    case "UnaryExpression":
      if (node.operator !== "-") return fail(expressionError("unsupported"));
      return { kind: "negate", operand: recurse(child(node, "argument")) };
    case "BinaryExpression": {
      const operator = BINARY_OPERATORS[String(node.operator)];
      if (!operator) return fail(expressionError("unsupported"));
      return {
        kind: "binary",
        operator: operator.operator,
        left: recurse(child(node, "left")),
        right: recurse(child(node, "right")),
      };
    }
    case "CallExpression":
      return convertCall(node, recurse);
    default:
      return fail(expressionError("unsupported"));
  }
}

/** The bracketed filter is its own expression, whose bare words read the table's columns. */
function convertLookup(node: jsep.Expression): Expression {
  const filterSource = typeof node.filter === "string" ? node.filter : null;
  const filter = filterSource === null ? null : parseExpression(filterSource, { optionProperties: true });
  if (filter && !filter.ok) return fail(filter.error);
  return {
    kind: "lookup",
    file: String(node.instance),
    column: String(node.column),
    filter: filter ? filter.expression : null,
  };
}

/** indexed-repeat(${field}, ${repeat}, n[, ${repeat}, n…]) names its field and repeats: they must be references. */
function namesFields(args: readonly Expression[]): boolean {
  return args.length % 2 === 1 && args.every((arg, at) => (at === 0 || at % 2 === 1 ? arg.kind === "field" : true));
}

function convertCall(node: jsep.Expression, recurse: (next: jsep.Expression) => Expression): Expression {
  const callee = child(node, "callee");
  if (callee.type !== "Identifier") return fail(expressionError("unsupported"));
  const name = String(callee.name);
  const spec = functionSpec(name);
  if (!spec) return fail(expressionError("unknownFunction", { name }));
  const rawArgs = Array.isArray(node.arguments) ? node.arguments : [];
  if (rawArgs.length < spec.minArgs || rawArgs.length > spec.maxArgs)
    fail(expressionError("argumentCount", { name, min: spec.minArgs, max: spec.maxArgs }));
  if (name === "position") {
    const [path] = rawArgs;
    if (!isNode(path) || path.type !== PARENT_NODE) fail(expressionError("unsupported"));
    return { kind: "call", name, args: [{ kind: "parent", levels: Number(path.levels) }] };
  }
  const args = rawArgs.map((raw) => (isNode(raw) ? recurse(raw) : fail(expressionError("unsupported"))));
  if (name === "indexed_repeat" && !namesFields(args)) fail(expressionError("unsupported"));
  return { kind: "call", name, args };
}

/** Deepest parenthesis nesting outside string literals; checked before jsep recurses into it. */
function parenthesisDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < source.length; index += 1) {
    const char = source.charAt(index);
    const literal = isQuote(char) ? readQuotedText(source, index) : null;
    if (literal) index = literal.end - 1;
    else if (char === "(") deepest = Math.max(deepest, ++depth);
    else if (char === ")") depth -= 1;
  }
  return deepest;
}

function jsepErrorPosition(error: unknown): number {
  return typeof error === "object" && error !== null && "index" in error && typeof error.index === "number"
    ? error.index + 1
    : 1;
}

/**
 * Parses an expression of Campo's language. Never throws: a problem comes back as a translatable error (`syntax`
 * carries the 1-based character position).
 */
export function parseExpression(source: string, options: ParseOptions = {}): ParseResult {
  if (typeof source !== "string") return { ok: false, error: expressionError("syntax", { position: 1 }) };
  if (source.length > EXPRESSION_MAX) return { ok: false, error: expressionError("tooLong", { max: EXPRESSION_MAX }) };
  if (source.trim() === "") return { ok: false, error: expressionError("syntax", { position: 1 }) };
  if (parenthesisDepth(source) > PAREN_DEPTH_MAX) return { ok: false, error: expressionError("tooDeep") };
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, error: expressionError("tooDeep") };
    return { ok: false, error: expressionError("syntax", { position: jsepErrorPosition(error) }) };
  }
  try {
    return { ok: true, expression: convert(tree, 0, options) };
  } catch (error) {
    if (error instanceof ConversionError) return { ok: false, error: error.detail };
    if (error instanceof RangeError) return { ok: false, error: expressionError("tooDeep") };
    throw error;
  }
}
