import { evaluateExpression, parseExpression, type ExpressionValue } from "./index.ts";

/** Parses and evaluates a source that must parse, with `${name}` read from `values` (test code only). */
export function evaluateSource(source: string, values: Record<string, ExpressionValue> = {}): ExpressionValue {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(`${source}: ${JSON.stringify(parsed.error)}`);
  return evaluateExpression(parsed.expression, { field: (name) => values[name] ?? null });
}
