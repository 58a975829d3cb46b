/**
 * `regex()` runs patterns written by form designers on phones and on the server, so a pattern that backtracks
 * catastrophically would freeze both. Patterns are short, nested or stacked quantifiers (`(a+)+`, `(a|a)*` style) and
 * back-references are refused, and the tested text is bounded.
 */
export const REGEX_PATTERN_MAX = 200;
export const REGEX_INPUT_MAX = 1000;

/** A quantified group that itself contains a quantifier or an alternation: the shape of exponential backtracking. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[*+?}]|\|)(?:[^()\\]|\\.)*\)\s*(?:[*+]|\{\d*,?\d*\})/;
const BACK_REFERENCE = /\\[1-9]|\\k</;

export type PatternProblem = "patternTooLong" | "invalidPattern";

export function patternProblem(pattern: string): PatternProblem | null {
  if (pattern.length > REGEX_PATTERN_MAX) return "patternTooLong";
  if (NESTED_QUANTIFIER.test(pattern) || BACK_REFERENCE.test(pattern)) return "invalidPattern";
  try {
    new RegExp(pattern);
    return null;
  } catch {
    return "invalidPattern";
  }
}

const compiled = new Map<string, RegExp | null>();
const CACHE_MAX = 500;

/** The compiled pattern, or null when it is refused (then `regex()` is false). */
export function safePattern(pattern: string): RegExp | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  const regex = patternProblem(pattern) === null ? new RegExp(pattern) : null;
  if (compiled.size >= CACHE_MAX) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}
