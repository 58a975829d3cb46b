import type { Expression } from "./ast.ts";

/** Every `${name}` an expression reads, once each, in order of appearance (as written). */
export function referencedNames(expression: Expression): string[] {
  const names: string[] = [];
  const visit = (node: Expression): void => {
    if (node.kind === "field") {
      if (!names.includes(node.name)) names.push(node.name);
    } else if (node.kind === "negate") visit(node.operand);
    else if (node.kind === "binary") {
      visit(node.left);
      visit(node.right);
    } else if (node.kind === "call") node.args.forEach(visit);
    else if (node.kind === "lookup" && node.filter) visit(node.filter);
  };
  visit(expression);
  return names;
}

/** Whether the expression reads `.`, the value being checked. */
export function readsCurrentValue(expression: Expression): boolean {
  if (expression.kind === "current") return true;
  if (expression.kind === "negate") return readsCurrentValue(expression.operand);
  if (expression.kind === "binary") return readsCurrentValue(expression.left) || readsCurrentValue(expression.right);
  if (expression.kind === "lookup") return expression.filter !== null && readsCurrentValue(expression.filter);
  return expression.kind === "call" && expression.args.some(readsCurrentValue);
}
