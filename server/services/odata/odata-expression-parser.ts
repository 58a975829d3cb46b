/**
 * OData v4 common expression syntax (the `$filter` and `$orderby` grammar of OData ABNF §4), read by a small
 * recursive-descent parser into a syntax tree; odata-filter.ts gives the tree its meaning. Precedence, lowest
 * first: `or`, `and`, comparisons, then `not` and primaries. What the grammar has but the feed does not do —
 * arithmetic, `has`, `in`, lambdas (`any`/`all`), paths, parameter aliases, typed literals such as `duration'…'` —
 * is recognised and refused with 501 naming it; anything else that does not parse is 400.
 *
 * Input is bounded (length, nesting, node count), so a hostile filter costs a few microseconds and never a stack
 * overflow.
 */
import { ApiError } from "../../lib/api-error.ts";

export const EXPRESSION_MAX_LENGTH = 4000;
export const EXPRESSION_MAX_DEPTH = 32;
export const EXPRESSION_MAX_NODES = 400;

export type LiteralType = "string" | "number" | "boolean" | "null" | "date" | "instant" | "guid";

export type Syntax =
  | { kind: "literal"; type: LiteralType; text: string }
  | { kind: "member"; name: string }
  | { kind: "call"; name: string; args: Syntax[] }
  | { kind: "binary"; operator: BinaryOperator; left: Syntax; right: Syntax }
  | { kind: "not"; operand: Syntax };

export type BinaryOperator = "eq" | "ne" | "gt" | "ge" | "lt" | "le" | "and" | "or";

type Token =
  | { kind: "open" | "close" | "comma" | "slash" | "colon" }
  | { kind: "word"; text: string }
  | { kind: "literal"; type: LiteralType; text: string }
  | { kind: "other"; text: string };

const COMPARISONS = new Set(["eq", "ne", "gt", "ge", "lt", "le"]);
const ARITHMETIC = new Set(["add", "sub", "mul", "div", "divby", "mod"]);
const UNSUPPORTED_OPERATORS = new Set([...ARITHMETIC, "has", "in"]);

const PATTERNS: [RegExp, (text: string) => Token][] = [
  [/\s+/y, () => ({ kind: "other", text: " " })],
  [/'(?:[^']|'')*'/y, (text) => ({ kind: "literal", type: "string", text: text.slice(1, -1).replace(/''/g, "'") })],
  [
    /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/iy,
    (text) => ({ kind: "literal", type: "instant", text }),
  ],
  [
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])/iy,
    (text) => ({ kind: "literal", type: "guid", text }),
  ],
  [/\d{4}-\d{2}-\d{2}(?![\w:])/y, (text) => ({ kind: "literal", type: "date", text })],
  [/\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?/y, (text) => ({ kind: "other", text: `Time-of-day literals (${text})` })],
  [/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w.])/iy, (text) => ({ kind: "literal", type: "number", text })],
  [/[$@]?[A-Za-z_][\w.]*(?='(?:[^']|'')*')/y, (text) => ({ kind: "other", text: `${text}'…' literals` })],
  [/[$@]?[A-Za-z_][\w.]*/y, (text) => ({ kind: "word", text })],
  [/\(/y, () => ({ kind: "open" })],
  [/\)/y, () => ({ kind: "close" })],
  [/,/y, () => ({ kind: "comma" })],
  [/\//y, () => ({ kind: "slash" })],
  [/:/y, () => ({ kind: "colon" })],
];

export function invalid(target: string, message: string): ApiError {
  return new ApiError("VALIDATION_FAILED", message, [{ target, message }]);
}

export function unsupported(target: string, message: string): ApiError {
  return new ApiError("NOT_IMPLEMENTED", message, [{ target, message }]);
}

function tokenize(text: string, target: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  scan: while (at < text.length) {
    for (const [pattern, make] of PATTERNS) {
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      if (!match) continue;
      at = pattern.lastIndex;
      const token = make(match[0]);
      // PostgreSQL's text cannot hold NUL: refused here rather than failing in the database.
      if (token.kind === "literal" && token.text.includes("\0"))
        throw invalid(target, `A text in ${target} holds a NUL character`);
      if (!(token.kind === "other" && token.text === " ")) tokens.push(token);
      continue scan;
    }
    throw invalid(target, `Unexpected character ${JSON.stringify(text[at])} at position ${at + 1} of ${target}`);
  }
  return tokens;
}

/** A parser over one option's tokens. */
export class ExpressionParser {
  private readonly tokens: Token[];
  private at = 0;
  private depth = 0;
  private nodes = 0;

  constructor(
    text: string,
    private readonly target: string,
  ) {
    if (text.trim() === "") throw invalid(target, `${target} is empty`);
    if (text.length > EXPRESSION_MAX_LENGTH)
      throw invalid(target, `${target} is longer than ${EXPRESSION_MAX_LENGTH} characters`);
    this.tokens = tokenize(text, target);
  }

  /** The whole input as one expression. */
  static parse(text: string, target: string): Syntax {
    const parser = new ExpressionParser(text, target);
    const expression = parser.expression();
    parser.end();
    return expression;
  }

  /** Whether the next token is the word `text` (consumed when it is). */
  acceptWord(text: string): boolean {
    const token = this.tokens[this.at];
    if (token?.kind === "word" && token.text.toLowerCase() === text) {
      this.at++;
      return true;
    }
    return false;
  }

  acceptComma(): boolean {
    if (this.tokens[this.at]?.kind !== "comma") return false;
    this.at++;
    return true;
  }

  atEnd(): boolean {
    return this.at >= this.tokens.length;
  }

  end(): void {
    const token = this.tokens[this.at];
    if (token === undefined) return;
    if (token.kind === "close") throw invalid(this.target, `Unbalanced parenthesis in ${this.target}`);
    throw this.unexpected(token);
  }

  expression(): Syntax {
    return this.nested(() => this.binary(0));
  }

  private nested<T>(read: () => T): T {
    if (++this.depth > EXPRESSION_MAX_DEPTH)
      throw invalid(this.target, `${this.target} nests deeper than ${EXPRESSION_MAX_DEPTH} levels`);
    const result = read();
    this.depth--;
    return result;
  }

  private node<T extends Syntax>(syntax: T): T {
    if (++this.nodes > EXPRESSION_MAX_NODES)
      throw invalid(this.target, `${this.target} has more than ${EXPRESSION_MAX_NODES} terms`);
    return syntax;
  }

  /** Levels: 0 `or`, 1 `and`, 2 comparisons. Chains of `and`/`or` stay flat here (no recursion per operand). */
  private binary(level: number): Syntax {
    if (level === 2) return this.comparison();
    let left = this.binary(level + 1);
    const operator = level === 0 ? "or" : "and";
    while (this.acceptWord(operator)) {
      left = this.node({ kind: "binary", operator, left, right: this.binary(level + 1) });
    }
    return left;
  }

  private comparison(): Syntax {
    const left = this.unary();
    const token = this.tokens[this.at];
    if (token?.kind !== "word") return left;
    const word = token.text.toLowerCase();
    if (UNSUPPORTED_OPERATORS.has(word)) {
      throw unsupported(
        this.target,
        ARITHMETIC.has(word)
          ? `Arithmetic (${word}) is not supported in ${this.target}`
          : `The ${word} operator is not supported in ${this.target}`,
      );
    }
    if (!COMPARISONS.has(word)) return left;
    this.at++;
    const right = this.unary();
    const next = this.tokens[this.at];
    if (next?.kind === "word" && COMPARISONS.has(next.text.toLowerCase()))
      throw invalid(this.target, `Comparisons do not chain in ${this.target}: add parentheses and and/or`);
    return this.node({ kind: "binary", operator: word as BinaryOperator, left, right });
  }

  private unary(): Syntax {
    if (this.acceptWord("not")) return this.nested(() => this.node({ kind: "not", operand: this.unary() }));
    return this.primary();
  }

  private primary(): Syntax {
    const token = this.tokens[this.at++];
    if (token === undefined) throw invalid(this.target, `${this.target} ends where a value was expected`);
    switch (token.kind) {
      case "open": {
        const inner = this.expression();
        if (this.tokens[this.at]?.kind !== "close")
          throw invalid(this.target, `Unbalanced parenthesis in ${this.target}`);
        this.at++;
        return inner;
      }
      case "literal":
        return this.node({ kind: "literal", type: token.type, text: token.text });
      case "word":
        return this.word(token.text);
      case "other":
        throw unsupported(this.target, `${token.text} are not supported in ${this.target}`);
      default:
        throw this.unexpected(token);
    }
  }

  private word(text: string): Syntax {
    const lower = text.toLowerCase();
    if (text.startsWith("$") || text.startsWith("@"))
      throw unsupported(this.target, `${text} is not supported in ${this.target}`);
    if (lower === "true" || lower === "false") return this.node({ kind: "literal", type: "boolean", text: lower });
    if (lower === "null") return this.node({ kind: "literal", type: "null", text: lower });
    if (lower === "inf" || lower === "nan")
      throw invalid(this.target, `${text} is not a number the feed compares with`);
    if (COMPARISONS.has(lower) || lower === "and" || lower === "or")
      throw invalid(this.target, `${this.target} has ${text} where a value was expected`);
    const next = this.tokens[this.at];
    if (next?.kind === "slash") {
      const after = this.tokens[this.at + 1];
      const name = after?.kind === "word" ? after.text.toLowerCase() : "";
      throw unsupported(
        this.target,
        name === "any" || name === "all"
          ? `Lambda operators (${name}) are not supported in ${this.target}`
          : `Property paths (${text}/…) are not supported in ${this.target}`,
      );
    }
    if (next?.kind !== "open") return this.node({ kind: "member", name: text });
    this.at++;
    const args: Syntax[] = [];
    this.nested(() => {
      if (this.tokens[this.at]?.kind === "close") return;
      do args.push(this.expression());
      while (this.acceptComma());
    });
    if (this.tokens[this.at]?.kind !== "close")
      throw invalid(this.target, `The arguments of ${text}( are not closed in ${this.target}`);
    this.at++;
    return this.node({ kind: "call", name: lower, args });
  }

  private unexpected(token: Token): ApiError {
    const shown =
      token.kind === "word" || token.kind === "other"
        ? token.text
        : token.kind === "literal"
          ? token.type === "string"
            ? `'${token.text}'`
            : token.text
          : { open: "(", close: ")", comma: ",", slash: "/", colon: ":" }[token.kind];
    return invalid(this.target, `Unexpected ${shown} in ${this.target}`);
  }
}
