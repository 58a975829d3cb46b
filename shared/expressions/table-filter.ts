import type { Expression } from "./ast.ts";
import type { FormTable } from "./form-table.ts";
import { isTruthy, toText, type ExpressionValue } from "./values.ts";

/** Evaluates an expression whose bare words read the given row's columns. */
export type RowEvaluator = (expression: Expression, column: (name: string) => ExpressionValue) => ExpressionValue;

const NO_ROW = () => null;

/** Bare words read the row: a column of that name (case-insensitively), empty when the table has none. */
export function rowColumns(table: FormTable, row: number): (name: string) => ExpressionValue {
  return (name) => {
    const column = table.column(name);
    return column === undefined ? null : table.cell(row, column);
  };
}

function readsRow(expression: Expression): boolean {
  switch (expression.kind) {
    case "option":
      return true;
    case "negate":
      return readsRow(expression.operand);
    case "binary":
      return readsRow(expression.left) || readsRow(expression.right);
    case "call":
      return expression.args.some(readsRow);
    case "lookup":
      return expression.filter !== null && readsRow(expression.filter);
    default:
      return false;
  }
}

/**
 * The rows a filter can only keep, from the column indexes: `column = value` (the value not reading the row),
 * possibly joined by `and`. Undefined when the filter has no such part (then every row is tried).
 */
function indexedCandidates(
  table: FormTable,
  filter: Expression,
  evaluate: RowEvaluator,
): readonly number[] | undefined {
  if (filter.kind !== "binary") return undefined;
  if (filter.operator === "and") {
    const left = indexedCandidates(table, filter.left, evaluate);
    const right = indexedCandidates(table, filter.right, evaluate);
    if (left === undefined || right === undefined) return left ?? right;
    return left.length <= right.length ? left : right;
  }
  if (filter.operator !== "=") return undefined;
  for (const [side, other] of [
    [filter.left, filter.right],
    [filter.right, filter.left],
  ] as const) {
    if (side.kind !== "option" || readsRow(other)) continue;
    const column = table.column(side.name);
    if (column === undefined) return [];
    return table.rowsWhere(column, toText(evaluate(other, NO_ROW)));
  }
  return undefined;
}

/**
 * The rows a filter keeps, in file order (all rows without one). Equality with a value is answered from the column's
 * index, then checked with the whole filter; only filters with no such part evaluate every row.
 */
export function filterRows(table: FormTable, filter: Expression | null, evaluate: RowEvaluator): readonly number[] {
  if (filter === null) return table.allRows();
  const candidates = indexedCandidates(table, filter, evaluate) ?? table.allRows();
  return candidates.filter((row) => isTruthy(evaluate(filter, rowColumns(table, row))));
}
