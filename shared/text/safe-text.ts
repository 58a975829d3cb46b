import { z } from "zod";

/**
 * NUL and lone UTF-16 surrogates: PostgreSQL stores neither in text or jsonb (the insert fails), no keyboard types
 * them, and a lone surrogate cannot even be encoded as UTF-8. With the `u` flag a paired surrogate is one code
 * point (an emoji) and does not match; only a lone half does.
 */
const UNSAFE_TEXT = /[\0\p{Cs}]/u;

/** How deep a JSON value may nest: answers need 3 levels, forms 5; deeper is an attack on recursive code. */
export const MAX_JSON_DEPTH = 32;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

export type JsonValueIssue = "unsafeText" | "tooDeep";

/**
 * Checks a parsed JSON value before any recursive code (hashing, schemas, the database driver) walks it: every
 * string and key must be safe text and nesting at most `maxDepth`. Iterative, so a 100,000-level value cannot
 * overflow the stack here.
 */
export function jsonValueIssue(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonValueIssue | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === "string") {
      if (!isSafeText(current)) return "unsafeText";
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (depth >= maxDepth) return "tooDeep";
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (!isSafeText(key)) return "unsafeText";
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/** A string schema that refuses NUL and lone surrogates with `error` (a translation key of the caller's catalog). */
export function safeString(params?: Parameters<typeof z.string>[0], error = "invalidCharacters") {
  return z.string(params).refine(isSafeText, { error, abort: true });
}
