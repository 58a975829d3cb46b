/**
 * Every problem the expression language reports, as a key of the `expressions` translation namespace. The web renders
 * `t(\`expressions:${error.key}\`, error.params)`; the server sends the same objects.
 */
export const EXPRESSION_ERROR_KEYS = [
  "syntax",
  "tooLong",
  "tooDeep",
  "unknownName",
  "unknownFunction",
  "argumentCount",
  "unsupported",
  "unknownField",
  "noValue",
  "currentOutsideConstraint",
  "typeMismatch",
  "invalidPattern",
  "patternTooLong",
  "unsupportedPattern",
  "patternTooComplex",
  "unknownOption",
  "unknownOptionProperty",
  "unknownFile",
  "unknownColumn",
  "cycle",
] as const;
export type ExpressionErrorKey = (typeof EXPRESSION_ERROR_KEYS)[number];

export interface ExpressionError {
  key: ExpressionErrorKey;
  params?: Record<string, string | number>;
}

export function expressionError(key: ExpressionErrorKey, params?: ExpressionError["params"]): ExpressionError {
  return params === undefined ? { key } : { key, params };
}

/** How a field reference is written in messages, e.g. `${idade}`. */
export function fieldReference(name: string): string {
  return "${" + name + "}";
}
