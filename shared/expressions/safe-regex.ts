import { RE2JS } from "re2js";

/**
 * `regex()` runs patterns written by form designers (or typed into a field, when the pattern is an answer) on phones
 * and on the server. JavaScript's RegExp backtracks: `a*a*a*a*a*a*b` against sixty `a`s takes seconds, and no guard
 * on the pattern's shape catches every such case. Patterns therefore run on RE2 (re2js), whose matching time is
 * linear in the text; what RE2 cannot do in linear time (back-references, lookaround) it refuses to compile, and the
 * designer says so. Patterns are short, their compiled program is bounded (counted repetitions like `.{1000}` grow
 * it, and the matching time is the text's length times the program's size), and the tested text is bounded.
 */
export const REGEX_PATTERN_MAX = 200;
export const REGEX_INPUT_MAX = 1000;
/** RE2's own measure of a pattern's cost (about one instruction per character or repetition). */
export const REGEX_PROGRAM_MAX = 500;

/** Syntax RE2 does not support because it cannot run in linear time; named so the designer can say why. */
const BACKTRACKING_SYNTAX = /\\[1-9]|\\k<|\(\?<?[=!]/;

export type PatternProblem = "patternTooLong" | "invalidPattern" | "unsupportedPattern" | "patternTooComplex";

type Compiled = { ok: true; pattern: RE2JS } | { ok: false; problem: PatternProblem };

function compile(pattern: string): Compiled {
  if (pattern.length > REGEX_PATTERN_MAX) return { ok: false, problem: "patternTooLong" };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    return { ok: false, problem: BACKTRACKING_SYNTAX.test(pattern) ? "unsupportedPattern" : "invalidPattern" };
  }
  return compiled.programSize() > REGEX_PROGRAM_MAX
    ? { ok: false, problem: "patternTooComplex" }
    : { ok: true, pattern: compiled };
}

const cache = new Map<string, Compiled>();
const CACHE_MAX = 500;

function compiledPattern(pattern: string): Compiled {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = compile(pattern);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

/** Why a pattern is refused (the designer's error), or null when `regex()` can run it. */
export function patternProblem(pattern: string): PatternProblem | null {
  const compiled = compiledPattern(pattern);
  return compiled.ok ? null : compiled.problem;
}

/** Whether `text` contains a match of `pattern` (as RegExp's `test`); false for a refused pattern or a long text. */
export function patternMatches(pattern: string, text: string): boolean {
  const compiled = compiledPattern(pattern);
  return compiled.ok && text.length <= REGEX_INPUT_MAX && compiled.pattern.test(text);
}
