/**
 * The meaning of `$filter` and `$orderby` on an entity set: the syntax tree of odata-expression-parser.ts checked
 * against the set's properties and turned into a typed record expression (server/db/queries/record-expression.ts),
 * which the one WHERE builder of records.ts runs. Property types decide how values compare: numbers as numbers,
 * dates as dates, instants as instants. A comparison whose sides cannot meet (a number property with a text) is
 * the client's mistake (400, naming both); what OData has and the feed does not do is 501, naming it.
 */
import type {
  Comparison,
  ExpressionFunction,
  RecordExpression,
  SortKey,
  ValueType,
} from "../../db/queries/record-expression.ts";
import { isValidDate } from "../../../shared/fields/answer-validation.ts";
import { ExpressionParser, invalid, unsupported, type LiteralType, type Syntax } from "./odata-expression-parser.ts";
import type { EdmType, ODataProperty } from "./odata-model.ts";

/** The properties an expression may name, as the model declares them. */
export type FilterProperty = Pick<ODataProperty<unknown>, "name" | "type" | "source" | "storedValue" | "equalityOnly">;

type Type = ValueType | "null";
interface Typed {
  expression: RecordExpression;
  type: Type;
  /** The property read, for messages and for stored-value translation (`__reviewState`). */
  property?: FilterProperty;
}

const FILTER = "$filter";
const ORDER_BY = "$orderby";
const ORDER_BY_MAX_KEYS = 8;

const EDM_TYPES: Partial<Record<EdmType, ValueType>> = {
  "Edm.String": "string",
  "Edm.Decimal": "number",
  "Edm.Double": "number",
  "Edm.Int32": "number",
  "Edm.Boolean": "boolean",
  "Edm.Date": "date",
  "Edm.DateTimeOffset": "instant",
};

const TYPE_NAMES: Record<Type, string> = {
  string: "a text",
  number: "a number",
  boolean: "a boolean",
  date: "a date",
  instant: "a DateTimeOffset",
  null: "null",
};

/** Argument types and result of each function the feed runs. */
const SIGNATURES: Record<ExpressionFunction, { args: ValueType[][]; optional?: number; result: ValueType }> = {
  contains: { args: [["string"], ["string"]], result: "boolean" },
  startswith: { args: [["string"], ["string"]], result: "boolean" },
  endswith: { args: [["string"], ["string"]], result: "boolean" },
  indexof: { args: [["string"], ["string"]], result: "number" },
  length: { args: [["string"]], result: "number" },
  tolower: { args: [["string"]], result: "string" },
  toupper: { args: [["string"]], result: "string" },
  trim: { args: [["string"]], result: "string" },
  concat: { args: [["string"], ["string"]], result: "string" },
  substring: { args: [["string"], ["number"], ["number"]], optional: 1, result: "string" },
  year: { args: [["date", "instant"]], result: "number" },
  month: { args: [["date", "instant"]], result: "number" },
  day: { args: [["date", "instant"]], result: "number" },
  hour: { args: [["instant"]], result: "number" },
  minute: { args: [["instant"]], result: "number" },
  second: { args: [["instant"]], result: "number" },
  date: { args: [["instant"]], result: "date" },
  round: { args: [["number"]], result: "number" },
  floor: { args: [["number"]], result: "number" },
  ceiling: { args: [["number"]], result: "number" },
};

/** OData's other canonical functions: refused as not done rather than as unknown. */
const NOT_DONE = new Set([
  "time",
  "totaloffsetminutes",
  "totalseconds",
  "fractionalseconds",
  "mindatetime",
  "maxdatetime",
  "matchespattern",
  "cast",
  "isof",
  "case",
  "hassubset",
  "hassubsequence",
  "geo.distance",
  "geo.intersects",
  "geo.length",
]);

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

function isInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const [, day = "", hour, minute, second = "0", offsetHours = "0", offsetMinutes = "0"] = match;
  return (
    isValidDate(day) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 14 &&
    Number(offsetMinutes) <= 59
  );
}

function describe(typed: Typed): string {
  if (typed.property) return `${typed.property.name} (${typed.property.type})`;
  return TYPE_NAMES[typed.type];
}

class Resolver {
  private readonly properties: Map<string, FilterProperty>;

  constructor(
    properties: readonly FilterProperty[],
    private readonly target: string,
  ) {
    this.properties = new Map(properties.map((property) => [property.name, property]));
  }

  resolve(syntax: Syntax): Typed {
    switch (syntax.kind) {
      case "literal":
        return this.literal(syntax.type, syntax.text);
      case "member":
        return this.member(syntax.name);
      case "call":
        return this.call(syntax.name, syntax.args);
      case "not": {
        const operand = this.condition(syntax.operand, "not");
        return { expression: { kind: "not", operand }, type: "boolean" };
      }
      case "binary": {
        if (syntax.operator === "and" || syntax.operator === "or") {
          const left = this.condition(syntax.left, syntax.operator);
          const right = this.condition(syntax.right, syntax.operator);
          return { expression: { kind: "logical", operator: syntax.operator, left, right }, type: "boolean" };
        }
        return this.compare(syntax.operator, this.resolve(syntax.left), this.resolve(syntax.right));
      }
    }
  }

  /** An operand that must be true or false. */
  condition(syntax: Syntax, where: string): RecordExpression {
    const typed = this.resolve(syntax);
    if (typed.type !== "boolean")
      throw invalid(this.target, `${where} takes conditions, and ${describe(typed)} is not one`);
    return typed.expression;
  }

  private literal(type: LiteralType, text: string): Typed {
    switch (type) {
      case "null":
        return { expression: { kind: "null" }, type: "null" };
      case "boolean":
        return { expression: { kind: "literal", type: "boolean", value: text === "true" }, type: "boolean" };
      case "number": {
        // PostgreSQL's numeric overflows past exponents of about ±16,000; this bound keeps a literal well inside.
        const exponent = Number(/e([+-]?\d+)$/i.exec(text)?.[1] ?? 0);
        if (Math.abs(exponent) > 400) throw invalid(this.target, `${text} is out of range`);
        return { expression: { kind: "literal", type: "number", value: text }, type: "number" };
      }
      case "date":
        if (!isValidDate(text)) throw invalid(this.target, `${text} is not a date`);
        return { expression: { kind: "literal", type: "date", value: text }, type: "date" };
      case "instant":
        if (!isInstant(text)) throw invalid(this.target, `${text} is not a DateTimeOffset`);
        return { expression: { kind: "literal", type: "instant", value: text }, type: "instant" };
      default:
        // A GUID (unquoted) is compared as the text it is: the ids are Edm.String.
        return { expression: { kind: "literal", type: "string", value: text }, type: "string" };
    }
  }

  private member(name: string): Typed {
    const property = this.properties.get(name);
    if (!property) throw invalid(this.target, `No property named ${name}`);
    const type = EDM_TYPES[property.type];
    if (!property.source || !type)
      throw unsupported(this.target, `${name} (${property.type}) cannot be used in ${this.target}`);
    return { expression: property.source, type, property };
  }

  private call(name: string, args: Syntax[]): Typed {
    if (name === "now") {
      if (args.length > 0) throw invalid(this.target, "now() takes no argument");
      return { expression: { kind: "now" }, type: "instant" };
    }
    if (NOT_DONE.has(name)) throw unsupported(this.target, `The function ${name} is not supported in ${this.target}`);
    if (!(name in SIGNATURES)) throw invalid(this.target, `Unknown function ${name}`);
    const fn = name as ExpressionFunction;
    const signature = SIGNATURES[fn];
    const required = signature.args.length - (signature.optional ?? 0);
    if (args.length < required || args.length > signature.args.length)
      throw invalid(
        this.target,
        `${name} takes ${required === signature.args.length ? required : `${required} or ${signature.args.length}`} arguments`,
      );
    const typed = args.map((arg, index) => {
      const value = this.resolve(arg);
      const allowed = signature.args[index] ?? [];
      if (value.type !== "null" && !allowed.includes(value.type))
        throw invalid(
          this.target,
          `${name} takes ${allowed.map((type) => TYPE_NAMES[type]).join(" or ")}, not ${describe(value)}`,
        );
      this.plainValue(value, name);
      return value.expression;
    });
    return { expression: { kind: "call", name: fn, args: typed }, type: signature.result };
  }

  /** `__reviewState` is written translated; only its equality with a state can be read back from the database. */
  private plainValue(typed: Typed, where: string): void {
    if (typed.property?.equalityOnly)
      throw unsupported(this.target, `${typed.property.name} is compared with eq or ne only, not used in ${where}`);
  }

  private compare(operator: Comparison, left: Typed, right: Typed): Typed {
    const result = (l: RecordExpression, r: RecordExpression): Typed => ({
      expression: { kind: "compare", operator, left: l, right: r },
      type: "boolean",
    });
    if (left.type === "null" || right.type === "null") {
      if (operator !== "eq" && operator !== "ne")
        throw invalid(this.target, `Only eq and ne compare with null, not ${operator}`);
      return result(left.expression, right.expression);
    }
    const equality = operator === "eq" || operator === "ne";
    for (const [side, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const property = side.property;
      const literal = other.expression.kind === "literal" && other.type === "string" ? other.expression : undefined;
      if (property?.equalityOnly && (!equality || !literal))
        throw unsupported(this.target, `${property.name} is compared with eq or ne and a quoted value only`);
      if (property?.storedValue && equality && literal) {
        const stored: RecordExpression = { ...literal, value: property.storedValue(String(literal.value)) };
        return side === left ? result(left.expression, stored) : result(stored, right.expression);
      }
    }
    const promoted = (side: Typed, other: Typed): RecordExpression =>
      // A bare date against an instant is that day's UTC midnight, as the feed has always read it.
      side.type === "date" && other.type === "instant" && side.expression.kind === "literal"
        ? { kind: "literal", type: "instant", value: `${String(side.expression.value)}T00:00:00Z` }
        : side.expression;
    const l = promoted(left, right);
    const r = promoted(right, left);
    const leftType = l.kind === "literal" ? l.type : left.type;
    const rightType = r.kind === "literal" ? r.type : right.type;
    if (leftType !== rightType) throw invalid(this.target, `Cannot compare ${describe(left)} with ${describe(right)}`);
    return result(l, r);
  }
}

/** `$filter` as a condition on the set's records. */
export function parseFilter(text: string, properties: readonly FilterProperty[]): RecordExpression {
  const resolver = new Resolver(properties, FILTER);
  const syntax = ExpressionParser.parse(text, FILTER);
  return resolver.condition(syntax, FILTER);
}

/** `$orderby` as sort keys: `expression [asc|desc]`, comma-separated. */
export function parseOrderBy(text: string, properties: readonly FilterProperty[]): SortKey[] {
  const resolver = new Resolver(properties, ORDER_BY);
  const parser = new ExpressionParser(text, ORDER_BY);
  const keys: SortKey[] = [];
  do {
    if (keys.length === ORDER_BY_MAX_KEYS)
      throw invalid(ORDER_BY, `${ORDER_BY} takes at most ${ORDER_BY_MAX_KEYS} keys`);
    const typed = resolver.resolve(parser.expression());
    if (typed.type === "null") throw invalid(ORDER_BY, "null is not a sort key");
    if (typed.property?.equalityOnly) throw unsupported(ORDER_BY, `${typed.property.name} cannot be sorted on`);
    const descending = parser.acceptWord("desc");
    if (!descending) parser.acceptWord("asc");
    keys.push({ expression: typed.expression, type: typed.type, descending });
  } while (parser.acceptComma());
  parser.end();
  return keys;
}
