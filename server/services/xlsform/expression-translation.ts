import { FUNCTION_ALIASES } from "../../../shared/expressions/functions.ts";
import { MATH_FUNCTIONS } from "../../../shared/expressions/math-functions.ts";
import { ODK_FUNCTIONS } from "../../../shared/expressions/odk-functions.ts";
import { straightenQuotes } from "../../../shared/expressions/quoted-text.ts";
import { withInstancePaths } from "./instance-paths.ts";
import { joinTokens, quoted, refName, stringValue, tokenize, type Token } from "./expression-tokens.ts";
import type { XlsFormIssueKey } from "../../../shared/xlsform/xlsform-issues.ts";
import { isSelectedOption, unknownOptionComparison } from "./unknown-option-comparisons.ts";

/**
 * XPath (XLSForm `relevant`, `constraint`, `calculation`, `default`) ↔ Campo's expression language. Both use
 * `${name}`, `.`, literals, `and`/`or`/`mod` and the same function names but for a few spellings; choices differ:
 * XLSForm compares a select's answer to an option *name*, Campo to the option's label, and a yes/no answer is
 * `'yes'`/`'no'` (or an acknowledge's `'OK'`) there and `true`/`false` here.
 */
export interface ExpressionField {
  kind: "choice" | "yes_no" | "other";
  /** Import: option name → label; export: label → name. */
  options: ReadonlyMap<string, string>;
}

export interface ExpressionContext {
  fields: ReadonlyMap<string, ExpressionField>;
  /** The field whose own value `.` is (constraints and defaults). */
  self?: string;
  /** A choice filter: bare words are properties of the option being filtered (the choices sheet's columns). */
  optionWords?: boolean;
  /**
   * Where comparisons with an option its list lacks are noted and written as their constant
   * (unknown-option-comparisons.ts); without it they are refused.
   */
  notices?: ExpressionIssue[];
}

export interface ExpressionIssue {
  key: XlsFormIssueKey;
  params: Record<string, string>;
}

export type TranslationResult = { ok: true; text: string } | { ok: false; issues: ExpressionIssue[] };

const SAME_FUNCTIONS = [
  "if",
  "concat",
  "today",
  "now",
  "selected",
  "regex",
  "round",
  "sum",
  "count",
  "number",
  ...Object.keys(MATH_FUNCTIONS),
  ...Object.keys(ODK_FUNCTIONS),
];
const IMPORT_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ...SAME_FUNCTIONS.map((name) => [name, name] as const),
  ["coalesce", "coalesce"],
  ["not", "not"],
  // ODK's hyphenated names, as Campo's own aliases read them (count-selected → count_selected, …).
  ...Object.entries(FUNCTION_ALIASES),
  ["pulldata", "pulldata"],
  ["max", "max"],
  ["min", "min"],
  ["position", "position"],
  // Kept as XPath spells it (Campo reads both), over its alias above.
  ["indexed-repeat", "indexed-repeat"],
  // Geometry (issue 25): ODK's area() and distance(); inside() is Campo's geofence check, which ODK does not know.
  ["area", "area"],
  ["distance", "distance"],
  ["inside", "inside"],
  // SurveyCTO's duration() (its device-info() is among the aliases), read on the phone that collects
  // (shared/expressions/device-functions.ts).
  ["duration", "duration"],
]);
const EXPORT_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ...[...IMPORT_FUNCTIONS].map(([xpath, campo]) => [campo, xpath] as const),
  ["indexed_repeat", "indexed-repeat"],
]);

/** Whether the token is part of the `..`, `../..` path that `position()` takes (the one path Campo reads). */
function inPositionPath(tokens: readonly Token[], index: number): boolean {
  let at = index;
  while (tokens[at]?.kind === "operator" && (tokens[at]?.text === ".." || tokens[at]?.text === "/")) at -= 1;
  const call = tokens[at - 1];
  return at < index && tokens[at]?.kind === "open" && call?.kind === "name" && call.text === "position";
}
const WORD_OPERATORS = new Set(["and", "or", "mod", "div"]);
const COMPARISONS = new Set(["=", "!=", "=="]);
const YES_WORDS = new Set(["yes", "ok", "true", "1"]);
const NO_WORDS = new Set(["no", "false", "0"]);

/** After an operand XPath's operator names are operators, even before a parenthesis (`a or (b and c)`, `15 div (a)`). */
const OPERAND_ENDS = new Set(["ref", "string", "number", "name", "close", "dot"]);

function isCall(tokens: readonly Token[], index: number): boolean {
  if (tokens[index + 1]?.kind !== "open") return false;
  const [token, before] = [tokens[index], tokens[index - 1]];
  if (!token || !WORD_OPERATORS.has(token.text) || !before) return true;
  const operandBefore = OPERAND_ENDS.has(before.kind) && !(before.kind === "name" && WORD_OPERATORS.has(before.text));
  return !(operandBefore || (before.kind === "operator" && before.text === ".."));
}

/** The field a `${name}` or `.` token stands for. */
function fieldOf(token: Token | undefined, context: ExpressionContext): ExpressionField | undefined {
  if (token?.kind === "ref") return context.fields.get(refName(token));
  if (token?.kind === "dot" && context.self !== undefined) return context.fields.get(context.self);
  return undefined;
}

/** The field a literal at `index` is compared with: `${f} = 'x'`, `'x' != ${f}` or `selected(${f}, 'x')`. */
function comparedField(tokens: readonly Token[], index: number, context: ExpressionContext) {
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  if (before?.kind === "operator" && COMPARISONS.has(before.text)) return fieldOf(tokens[index - 2], context);
  if (after?.kind === "operator" && COMPARISONS.has(after.text)) return fieldOf(tokens[index + 2], context);
  const call = tokens[index - 4];
  if (
    before?.kind === "comma" &&
    tokens[index - 3]?.kind === "open" &&
    call?.kind === "name" &&
    call.text === "selected"
  )
    return fieldOf(tokens[index - 2], context);
  return undefined;
}

/** XPath → Campo. Every construct Campo cannot evaluate becomes an issue naming it. */
export function xpathToCampo(source: string, context: ExpressionContext): TranslationResult {
  // An Excel boolean cell (`FALSE` in a CHT form's relevant) is read as the constant, not as a path named FALSE.
  const excelBoolean = /^\s*(true|false)\s*$/i.exec(source)?.[1];
  if (excelBoolean !== undefined) return { ok: true, text: excelBoolean.toLowerCase() };
  const result = withInstancePaths(
    straightenQuotes(source),
    (filter) => xpathToCampo(filter, { ...context, optionWords: true }),
    (rest) => {
      const translated = translateTokens(rest, context);
      return translated.ok ? translated.text : translated;
    },
  );
  return typeof result === "string" ? { ok: true, text: result } : result;
}

function translateTokens(source: string, context: ExpressionContext): TranslationResult {
  const tokens = tokenize(source);
  const issues: ExpressionIssue[] = [];
  const output: Token[] = [];
  let skip = 0;
  tokens.forEach((token, index) => {
    if (skip > 0) {
      skip -= 1;
      return;
    }
    const emit = (text: string, kind = token.kind) => output.push({ ...token, kind, text });
    switch (token.kind) {
      case "ref": {
        if (!context.fields.has(refName(token))) issues.push({ key: "unknownField", params: { name: refName(token) } });
        return emit(token.text);
      }
      case "string": {
        const field = comparedField(tokens, index, context);
        const option = stringValue(token);
        // ODK's `selected(${q}, '')` holds when nothing is selected (javarosa looks for the empty name between spaces).
        if (field && option === "" && isSelectedOption(tokens, index)) {
          const [call, , ref = token] = output.splice(output.length - 4);
          skip = 1;
          return output.push(
            { ...ref, space: call?.space ?? "" },
            { ...token, kind: "operator", text: "=", space: " " },
            { ...token, space: " " },
          );
        }
        // `''` is the unanswered value, which any field may be compared with.
        if (!field || field.kind === "other" || option === "") return emit(token.text);
        if (field.kind === "yes_no") {
          const word = option.trim().toLowerCase();
          if (YES_WORDS.has(word)) return emit("true", "name");
          if (NO_WORDS.has(word)) return emit("false", "name");
        } else {
          const label = field.options.get(option);
          if (label !== undefined) return emit(quoted(label, token.text[0]));
        }
        const constant = context.notices ? unknownOptionComparison(tokens, index) : undefined;
        if (context.notices && constant) {
          context.notices.push({ key: "optionNotInList", params: { option } });
          const [first = token] = output.splice(output.length - constant.before);
          skip = constant.after;
          return output.push({ kind: "name", text: String(constant.value), space: first.space });
        }
        issues.push({ key: "unknownOption", params: { option } });
        return emit(token.text);
      }
      case "name":
        return emit(importName(tokens, index, issues, context));
      case "close": {
        // `true()` / `false()` are literals in Campo: their empty parentheses go.
        const call = tokens[index - 2];
        if (
          tokens[index - 1]?.kind === "open" &&
          call?.kind === "name" &&
          (call.text === "true" || call.text === "false")
        )
          return;
        return emit(token.text);
      }
      case "open": {
        const call = tokens[index - 1];
        // SurveyCTO's `index()` is the current repeat entry's number, Campo's `position(..)`.
        if (isSurveyCtoIndex(tokens, index - 1)) return emit("(..");
        if (
          call?.kind === "name" &&
          (call.text === "true" || call.text === "false") &&
          tokens[index + 1]?.kind === "close"
        )
          return;
        return emit(token.text);
      }
      case "operator": {
        if (inPositionPath(tokens, index)) return output.push({ ...token, space: "" });
        if (token.text === "/" || token.text === "//" || token.text === "..")
          issues.push({ key: "unsupportedPath", params: { text: token.text } });
        else if (token.text === "|") issues.push({ key: "unsupportedOperator", params: { text: token.text } });
        return emit(token.text === "==" ? "=" : token.text);
      }
      case "other":
        if (token.text !== "") issues.push({ key: "unexpectedCharacter", params: { text: token.text } });
        return emit(token.text);
      default:
        return emit(token.text);
    }
  });
  return issues.length > 0 ? { ok: false, issues: dedupe(issues) } : { ok: true, text: joinTokens(output).trim() };
}

function importName(
  tokens: readonly Token[],
  index: number,
  issues: ExpressionIssue[],
  context: ExpressionContext,
): string {
  const token = tokens[index]!;
  if (!isCall(tokens, index)) {
    if (token.text === "div") return "/";
    if (WORD_OPERATORS.has(token.text)) return token.text;
    // SurveyCTO writes `null` for a blank answer; as an XPath path to nothing it reads as empty, which is `''`.
    if (token.text === "null" && !context.optionWords) return "''";
    if (context.optionWords && token.text !== "true" && token.text !== "false") return token.text;
    issues.push({ key: "unsupportedPath", params: { text: token.text } });
    return token.text;
  }
  if (token.text === "true" || token.text === "false") return token.text;
  if (isSurveyCtoIndex(tokens, index)) return "position";
  const campo = IMPORT_FUNCTIONS.get(token.text);
  if (campo === undefined) issues.push({ key: "unsupportedFunction", params: { name: token.text } });
  return campo ?? token.text;
}

function isSurveyCtoIndex(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  return (
    token?.kind === "name" &&
    token.text === "index" &&
    tokens[index + 1]?.kind === "open" &&
    tokens[index + 2]?.kind === "close"
  );
}

/** Campo → XPath. Campo expressions were checked when the form was saved, so this cannot fail. */
export function campoToXpath(source: string, context: ExpressionContext): string {
  const result = withInstancePaths(
    straightenQuotes(source),
    (filter) => ({ text: campoToXpath(filter, context) }),
    (rest) => campoTokensToXpath(rest, context),
  );
  return typeof result === "string" ? result : source;
}

function campoTokensToXpath(source: string, context: ExpressionContext): string {
  const tokens = tokenize(source);
  return joinTokens(
    tokens.map((original, index): Token => {
      // `div` needs blank space on both sides where `/` did not.
      const token = original.space === "" && tokens[index - 1]?.text === "/" ? { ...original, space: " " } : original;
      if (token.kind === "string") {
        const field = comparedField(tokens, index, context);
        const name = field?.kind === "choice" ? field.options.get(stringValue(token)) : undefined;
        return name === undefined ? token : { ...token, text: quoted(name, token.text[0]) };
      }
      if (token.kind === "operator" && token.text === "==") return { ...token, text: "=" };
      if (token.kind === "operator" && token.text === "/" && !inPositionPath(tokens, index))
        return { ...token, text: "div", space: token.space || " " };
      if (token.kind !== "name") return token;
      if (isCall(tokens, index)) return { ...token, text: EXPORT_FUNCTIONS.get(token.text) ?? token.text };
      if (token.text === "true" || token.text === "false") {
        if (comparedField(tokens, index, context)?.kind === "yes_no")
          return { ...token, text: token.text === "true" ? "'yes'" : "'no'" };
        return { ...token, text: `${token.text}()` };
      }
      return token;
    }),
  );
}

/**
 * The option properties a choice filter compares with a field, `state = ${state}` (either side): their values name
 * that field's options, by XLSForm name in a workbook and by label in Campo, so both directions rewrite them.
 */
export function comparedOptionProperties(source: string): { property: string; field: string }[] {
  const tokens = tokenize(source);
  return tokens.flatMap((token, index) => {
    if (token.kind !== "operator" || !COMPARISONS.has(token.text)) return [];
    const [left, right] = [tokens[index - 1], tokens[index + 1]];
    const word = left?.kind === "name" ? left : right?.kind === "name" ? right : undefined;
    const ref = left?.kind === "ref" ? left : right?.kind === "ref" ? right : undefined;
    if (!word || !ref || WORD_OPERATORS.has(word.text) || isCall(tokens, tokens.indexOf(word))) return [];
    return [{ property: word.text.toLowerCase(), field: refName(ref) }];
  });
}

/** Option properties with the values a filter compares with a choice field renamed (XLSForm name ↔ Campo label). */
export function renameComparedValues(
  properties: Readonly<Record<string, string>>,
  filter: string | undefined,
  fields: ReadonlyMap<string, ExpressionField>,
): Record<string, string> {
  const renamed = { ...properties };
  for (const { property, field } of filter === undefined ? [] : comparedOptionProperties(filter)) {
    const options = fields.get(field)?.options;
    for (const [key, value] of Object.entries(renamed))
      if (key.toLowerCase() === property) renamed[key] = options?.get(value) ?? value;
  }
  return renamed;
}

function dedupe(issues: ExpressionIssue[]): ExpressionIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify(issue);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
