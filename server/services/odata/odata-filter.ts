/**
 * The `$filter` the feed understands: comparisons of the submission instant (`__createdAt` ge|gt|le|lt a
 * DateTimeOffset or a date) and of the submitter (`__submitterEmail eq '<e-mail>'`), joined by `and`, with optional
 * parentheses. What OData allows but the feed does not do (or, not, functions, other properties) answers 501;
 * what is not OData answers 400.
 *
 * Instants become inclusive bounds at the database's resolution (microseconds): `gt X` is `≥ X + 1 µs`, so the
 * shared record filter (from ≥, to ≤) serves every operator.
 */
import { ApiError } from "../../lib/api-error.ts";

export interface FeedFilter {
  /** Inclusive bounds as ISO 8601 instants with microseconds. */
  from?: string;
  to?: string;
  /** Lower-cased; empty when two different addresses were asked for at once (nothing matches). */
  submitterEmail?: string;
}

const TOKEN = /\s*(?:(\()|(\))|'((?:[^']|'')*)'|([^\s()']+))/y;
const EMAIL_MAX_LENGTH = 320;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,12}))?)?(Z|[+-]\d{2}:\d{2}))?$/i;
const COMPARISONS = new Set(["eq", "ne", "gt", "ge", "lt", "le", "has", "in"]);
const LOGICAL = new Set(["or", "not"]);

type Token = { kind: "open" | "close" } | { kind: "string"; text: string } | { kind: "word"; text: string };

function invalid(message: string): ApiError {
  return new ApiError("VALIDATION_FAILED", message, [{ target: "$filter", message }]);
}

function unsupported(message: string): ApiError {
  return new ApiError("NOT_IMPLEMENTED", message, [{ target: "$filter", message }]);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw invalid(`Unexpected character at position ${at + 1}`);
    if (match[1]) tokens.push({ kind: "open" });
    else if (match[2]) tokens.push({ kind: "close" });
    else if (match[3] !== undefined) tokens.push({ kind: "string", text: match[3].replace(/''/g, "'") });
    else tokens.push({ kind: "word", text: match[4] ?? "" });
  }
  return tokens;
}

/** An instant literal as microseconds since the epoch, rounded down or up when it is finer than a microsecond. */
function microseconds(literal: string, rounding: "floor" | "ceil"): bigint {
  const match = INSTANT.exec(literal);
  if (!match) throw invalid(`Not a date or DateTimeOffset: ${literal}`);
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", zone = "Z"] = match;
  const offset = zone.toUpperCase() === "Z" ? "Z" : zone;
  const milliseconds = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(milliseconds) || calendar.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(second) > 59)
    throw invalid(`Not a valid instant: ${literal}`);
  const digits = fraction.padEnd(12, "0");
  const micros = BigInt(digits.slice(0, 6));
  const finer = /[1-9]/.test(digits.slice(6)) ? 1n : 0n;
  return BigInt(milliseconds) * 1000n + micros + (rounding === "ceil" ? finer : 0n);
}

function isoOf(micros: bigint): string {
  const milliseconds = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const rest = micros - milliseconds * 1000n;
  const date = new Date(Number(milliseconds));
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > 9999) throw invalid("Instant out of range");
  return `${date.toISOString().slice(0, 23)}${String(rest).padStart(3, "0")}Z`;
}

interface Bounds {
  from?: bigint;
  to?: bigint;
  submitterEmail?: string;
  /** Two different submitters asked for at once: nothing matches. */
  noSubmitter?: boolean;
}

function applyComparison(bounds: Bounds, property: string, operator: string, literal: Token): void {
  if (property === "__createdAt") {
    if (literal.kind !== "word") throw invalid("__createdAt compares with an unquoted date or DateTimeOffset");
    if (operator === "ge" || operator === "gt") {
      const from = operator === "ge" ? microseconds(literal.text, "ceil") : microseconds(literal.text, "floor") + 1n;
      bounds.from = bounds.from === undefined || from > bounds.from ? from : bounds.from;
    } else if (operator === "le" || operator === "lt") {
      const to = operator === "le" ? microseconds(literal.text, "floor") : microseconds(literal.text, "ceil") - 1n;
      bounds.to = bounds.to === undefined || to < bounds.to ? to : bounds.to;
    } else {
      throw unsupported(`__createdAt supports ge, gt, le and lt, not ${operator}`);
    }
    return;
  }
  if (property === "__submitterEmail") {
    if (operator !== "eq") throw unsupported(`__submitterEmail supports eq, not ${operator}`);
    if (literal.kind !== "string" || literal.text.length > EMAIL_MAX_LENGTH)
      throw invalid("__submitterEmail compares with a quoted e-mail address");
    const email = literal.text.trim().toLowerCase();
    if (bounds.submitterEmail !== undefined && bounds.submitterEmail !== email) bounds.noSubmitter = true;
    bounds.submitterEmail = email;
    return;
  }
  throw unsupported(`$filter supports __createdAt and __submitterEmail, not ${property}`);
}

export function parseFeedFilter(text: string): FeedFilter {
  const tokens = tokenize(text);
  if (tokens.length === 0) throw invalid("$filter is empty");
  const bounds: Bounds = {};
  let at = 0;
  let expectComparison = true;
  let depth = 0;
  while (at < tokens.length) {
    const token = tokens[at];
    if (!token) break;
    if (expectComparison) {
      if (token.kind === "open") {
        depth++;
        at++;
        continue;
      }
      const operator = tokens[at + 1];
      const literal = tokens[at + 2];
      if (token.kind !== "word") throw invalid("A comparison starts with a property name");
      if (LOGICAL.has(token.text)) throw unsupported(`$filter supports "and" only, not ${token.text}`);
      if (operator?.kind === "open") throw unsupported(`$filter supports no functions (${token.text})`);
      if (!operator || operator.kind !== "word" || !literal || literal.kind === "open" || literal.kind === "close") {
        throw invalid(`Incomplete comparison after ${token.text}`);
      }
      if (!COMPARISONS.has(operator.text)) throw invalid(`Unknown operator ${operator.text}`);
      applyComparison(bounds, token.text, operator.text, literal);
      at += 3;
      expectComparison = false;
      continue;
    }
    if (token.kind === "close") {
      if (depth === 0) throw invalid("Unbalanced parenthesis");
      depth--;
    } else if (token.kind === "word" && token.text === "and") {
      expectComparison = true;
    } else if (token.kind === "word" && LOGICAL.has(token.text)) {
      throw unsupported(`$filter supports "and" only, not ${token.text}`);
    } else {
      throw invalid("Expected and, or a closing parenthesis");
    }
    at++;
  }
  if (expectComparison) throw invalid("$filter ends before its comparison");
  if (depth !== 0) throw invalid("Unbalanced parenthesis");
  return {
    ...(bounds.from === undefined ? {} : { from: isoOf(bounds.from) }),
    ...(bounds.to === undefined ? {} : { to: isoOf(bounds.to) }),
    ...(bounds.submitterEmail === undefined ? {} : { submitterEmail: bounds.noSubmitter ? "" : bounds.submitterEmail }),
  };
}
