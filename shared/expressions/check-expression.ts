import type { Expression } from "./ast.ts";
import { expressionError, fieldReference, type ExpressionError } from "./expression-errors.ts";
import type { FieldType } from "../fields/field-types.ts";
import { functionSpec, type ValueType } from "./functions.ts";
import { fitsGeoArgument } from "./geo-functions.ts";
import { patternProblem, REGEX_PATTERN_MAX } from "./safe-regex.ts";
import { toNumber } from "./values.ts";

/** What the check knows of the form around an expression. */
export interface TypeEnvironment {
  /** The type of `${name}`, or why it cannot be read (unknown field, a section or note). */
  field: (name: string) => ValueType | ExpressionError;
  /** The type of `.`; absent where `.` means nothing (everywhere but a constraint). */
  current?: ValueType;
  /** The options of a choice field, so `selected(${f}, 'x')` can name an option that does not exist. */
  options?: (name: string) => readonly string[] | undefined;
  /** The type of a bare word (a property of the option being filtered); absent outside a choice filter. */
  optionProperty?: (name: string) => ValueType | ExpressionError;
  /** The columns of an attached table by file name; absent when the form's files are not known (not checked). */
  tableColumns?: (file: string) => readonly string[] | undefined;
  /** The field type of `${name}`, so `area(${age})` is refused although every geometry reads as text. */
  fieldType?: (name: string) => FieldType | undefined;
}

export interface ExpressionCheck {
  type: ValueType;
  /** Problems in order of appearance; empty when the expression fits the form. */
  errors: ExpressionError[];
}

const ARITHMETIC: readonly ValueType[] = ["number", "date", "any"];
const ORDERED: readonly ValueType[] = ["number", "text", "date", "any"];

function isNonNumericText(expression: Expression): boolean {
  return (
    expression.kind === "literal" &&
    typeof expression.value === "string" &&
    expression.value !== "" &&
    toNumber(expression.value) === null
  );
}

/** Types that can never meet under `=` or `<`: a number against a boolean or a word, a boolean against a number. */
function incomparable(left: Expression, leftType: ValueType, right: Expression, rightType: ValueType): boolean {
  const pair = (a: ValueType, b: ValueType) =>
    (leftType === a && rightType === b) || (leftType === b && rightType === a);
  if (pair("number", "boolean") || pair("date", "boolean") || pair("number", "date")) return true;
  return (leftType === "number" && isNonNumericText(right)) || (rightType === "number" && isNonNumericText(left));
}

/**
 * Infers an expression's type and reports what cannot work in this form: unknown fields, fields without a value,
 * `.` outside a constraint, type mismatches, refused `regex()` patterns and options a choice field does not have.
 */
export function checkExpression(expression: Expression, environment: TypeEnvironment): ExpressionCheck {
  const errors: ExpressionError[] = [];
  const report = (error: ExpressionError) => {
    if (
      !errors.some(
        (known) =>
          known.key === error.key &&
          known.params?.field === error.params?.field &&
          known.params?.name === error.params?.name,
      )
    )
      errors.push(error);
  };

  // A single choice whose options are all numbers (a 1–5 scale, a score) holds a number, which ODK and Campo's
  // evaluator both read as one: forms add such answers (`${q1} + ${q2}`). A choice among words stays out of it.
  const numericChoice = (node: Expression): boolean => {
    if (node.kind !== "field" || environment.fieldType?.(node.name) !== "single_choice") return false;
    const names = environment.options?.(node.name);
    return names !== undefined && names.length > 0 && names.every((name) => toNumber(name) !== null);
  };
  const arithmetic = (node: Expression, type: ValueType) =>
    ARITHMETIC.includes(type) || (type === "text" && numericChoice(node));

  const infer = (node: Expression): ValueType => {
    switch (node.kind) {
      case "literal":
        return typeof node.value === "number" ? "number" : typeof node.value === "boolean" ? "boolean" : "text";
      case "field": {
        const type = environment.field(node.name);
        if (typeof type === "string") return type;
        report(type);
        return "any";
      }
      case "current":
        if (environment.current === undefined) report(expressionError("currentOutsideConstraint"));
        return environment.current ?? "any";
      case "option": {
        const type = environment.optionProperty?.(node.name) ?? expressionError("unknownName", { name: node.name });
        if (typeof type === "string") return type;
        report(type);
        return "any";
      }
      case "parent":
        return "number";
      case "negate": {
        const type = infer(node.operand);
        if (!arithmetic(node.operand, type)) report(expressionError("typeMismatch", { operator: "-" }));
        return "number";
      }
      case "binary": {
        const left = infer(node.left);
        const right = infer(node.right);
        switch (node.operator) {
          case "and":
          case "or":
            return "boolean";
          case "=":
          case "!=":
            if (incomparable(node.left, left, node.right, right))
              report(expressionError("typeMismatch", { operator: node.operator }));
            return "boolean";
          case "<":
          case "<=":
          case ">":
          case ">=":
            if (!ORDERED.includes(left) || !ORDERED.includes(right) || incomparable(node.left, left, node.right, right))
              report(expressionError("typeMismatch", { operator: node.operator }));
            return "boolean";
          default:
            if (!arithmetic(node.left, left) || !arithmetic(node.right, right))
              report(expressionError("typeMismatch", { operator: node.operator }));
            return "number";
        }
      }
      case "call":
        return inferCall(node.name, node.args);
      case "lookup":
        inferLookup(node);
        return "any";
    }
  };

  /** A named file and column must exist; the filter's bare words are the file's columns. */
  const checkTableColumn = (file: string, column: string): readonly string[] | undefined => {
    if (!environment.tableColumns) return undefined;
    const columns = environment.tableColumns(file);
    if (!columns) report(expressionError("unknownFile", { name: file }));
    else if (!columns.some((known) => known.toLowerCase() === column.toLowerCase()))
      report(expressionError("unknownColumn", { name: column, file }));
    return columns;
  };

  const inferLookup = (node: Extract<Expression, { kind: "lookup" }>) => {
    const columns = checkTableColumn(node.file, node.column);
    if (!node.filter) return;
    const inner = checkExpression(node.filter, {
      ...environment,
      optionProperty: (name) =>
        !columns || columns.some((known) => known.toLowerCase() === name.toLowerCase())
          ? "text"
          : expressionError("unknownColumn", { name, file: node.file }),
    });
    inner.errors.forEach(report);
  };

  const inferCall = (name: string, args: readonly Expression[]): ValueType => {
    const spec = functionSpec(name);
    const types = args.map(infer);
    if (!spec) return "any";
    types.forEach((type, index) => {
      const accepted = spec.accepts?.[index];
      if (accepted && type !== "any" && !accepted.includes(type))
        report(expressionError("typeMismatch", { operator: `${name}()` }));
    });
    args.forEach((argument, index) => {
      const fieldType = argument.kind === "field" ? environment.fieldType?.(argument.name) : undefined;
      if (fieldType !== undefined && !fitsGeoArgument(name, index, fieldType))
        report(expressionError("typeMismatch", { operator: `${name}()` }));
    });
    const pattern = args[1];
    if (name === "regex" && pattern?.kind === "literal" && typeof pattern.value === "string") {
      const problem = patternProblem(pattern.value);
      if (problem)
        report(expressionError(problem, problem === "patternTooLong" ? { max: REGEX_PATTERN_MAX } : undefined));
    }
    const [file, column, keyColumn] = args;
    if (name === "pulldata" && file?.kind === "literal") {
      if (column?.kind === "literal") checkTableColumn(String(file.value), String(column.value));
      if (keyColumn?.kind === "literal") checkTableColumn(String(file.value), String(keyColumn.value));
    }
    const [list, option] = args;
    if (name === "selected" && list?.kind === "field" && option?.kind === "literal") {
      const options = environment.options?.(list.name);
      if (options && !options.includes(String(option.value)))
        report(expressionError("unknownOption", { field: fieldReference(list.name), option: String(option.value) }));
    }
    return spec.returns(types);
  };

  return { type: infer(expression), errors };
}
