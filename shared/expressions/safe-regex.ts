import type { RE2JS } from "re2js";

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

/**
 * RE2 is most of the expression engine's weight (≈ 45 KB gzip, and its Unicode tables built when it loads), and few
 * forms use `regex()`. Node (the server, tests, scripts) loads it with this module; a browser loads it on demand
 * (`loadRegexEngine`), before it evaluates or checks a form that names `regex` (`needsRegexEngine`), so a phone opening
 * a form without one never downloads it.
 */
let engine: typeof RE2JS | undefined = globalThis.process?.versions?.node ? (await import("re2js")).RE2JS : undefined;
let loading: Promise<void> | undefined;

/** Loads RE2 once (the same promise every time, so React's `use` can wait on it). */
export function loadRegexEngine(): Promise<void> {
  loading ??= engine
    ? Promise.resolve()
    : import("re2js").then((module) => {
        engine = module.RE2JS;
      });
  return loading;
}

export function regexEngineLoaded(): boolean {
  return engine !== undefined;
}

/** Whether any expression in `source` (a form's fields, as data) may call `regex()`: then RE2 must be loaded first. */
export function needsRegexEngine(source: unknown): boolean {
  return /\bregex\s*\(/.test(JSON.stringify(source) ?? "");
}

function regexEngine(): typeof RE2JS {
  // Evaluating `regex()` without the engine is a missing `loadRegexEngine()` on that path, not a non-match.
  if (!engine) throw new Error("regex() evaluated before loadRegexEngine() finished");
  return engine;
}

/** Syntax RE2 does not support because it cannot run in linear time; named so the designer can say why. */
const BACKTRACKING_SYNTAX = /\\[1-9]|\\k<|\(\?<?[=!]/;

export type PatternProblem = "patternTooLong" | "invalidPattern" | "unsupportedPattern" | "patternTooComplex";

type Compiled = { ok: true; pattern: RE2JS } | { ok: false; problem: PatternProblem };

function compile(pattern: string): Compiled {
  if (pattern.length > REGEX_PATTERN_MAX) return { ok: false, problem: "patternTooLong" };
  const re2 = regexEngine();
  let compiled: RE2JS;
  try {
    compiled = re2.compile(pattern);
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
