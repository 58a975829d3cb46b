/**
 * Campo's expression language (relevance, constraints, calculations, defaults), shared by the designer, the collect
 * form, the server's record validation and exports. Sources are XLSForm-like (`${name}`, `.`, `and`/`or`/`not()`,
 * `mod`, `=`, the functions of functions.ts); they are parsed by jsep into a closed AST and evaluated without `eval`.
 *
 * - `parseExpression(source)` → `{ ok: true, expression }` | `{ ok: false, error }`; never throws.
 * - `evaluateExpression(expression, scope)` → an `ExpressionValue`; never throws, empty (`null`) when undefined.
 *   Texts stop at TEXT_VALUE_MAX, numbers keep 15 significant digits, and an `EvaluationBudget` in the scope bounds
 *   the time all of a record's expressions take together.
 * - `referencedNames(expression)` → the `${name}`s it reads.
 * - `checkExpression(expression, environment)` → its inferred type and the problems it has in a given form.
 * Errors are `{ key, params }`, translated in the `expressions` namespace.
 */
export type { BinaryOperator, Expression } from "./ast.ts";
export { checkExpression, type TypeEnvironment } from "./check-expression.ts";
export { EvaluationBudget, RECORD_EVALUATION_MS, TEXT_VALUE_MAX, type BudgetBreach } from "./evaluation-budget.ts";
export { evaluateExpression, valuesEqual, type EvaluationScope, type IndexedStep } from "./evaluate-expression.ts";
export { EXPRESSION_ERROR_KEYS, expressionError, fieldReference, type ExpressionError } from "./expression-errors.ts";
export { FormTable, type FormTableData, type FormTables } from "./form-table.ts";
export type { ValueType } from "./functions.ts";
export { EXPRESSION_MAX, parseExpression, type ParseResult } from "./parse-expression.ts";
export { referencedNames } from "./referenced-names.ts";
export { filterRows } from "./table-filter.ts";
export { loadRegexEngine, needsRegexEngine, regexEngineLoaded } from "./safe-regex.ts";
export {
  isEmptyValue,
  isTruthy,
  toList,
  toNumber,
  toScalar,
  toText,
  type ExpressionValue,
  type ScalarValue,
} from "./values.ts";
