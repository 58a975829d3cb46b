/**
 * The parsed form of an expression. Parsing (parse-expression.ts) turns jsep's generic tree into this closed set of
 * nodes, so the evaluator and the analysis never meet a construct the language does not have.
 */
export type BinaryOperator = "+" | "-" | "*" | "/" | "mod" | "=" | "!=" | "<" | "<=" | ">" | ">=" | "and" | "or";

export type Expression =
  | { kind: "literal"; value: string | number | boolean }
  /**
   * `${name}`: a field's value (names compare case-insensitively, as field names are unique that way).
   * `${last-saved#name}` (`lastSaved`) reads the field's answer in the last record this device saved for the form.
   */
  | { kind: "field"; name: string; lastSaved?: true }
  /** `.`: the value being checked, in a constraint. */
  | { kind: "current" }
  /** A bare word in a choice filter: a property of the option being filtered (`name` is the option itself). */
  | { kind: "option"; name: string }
  /** `..`, `../..`: the field's container that many levels up; only the argument of `position()`. */
  | { kind: "parent"; levels: number }
  | { kind: "negate"; operand: Expression }
  | { kind: "binary"; operator: BinaryOperator; left: Expression; right: Expression }
  | { kind: "call"; name: string; args: Expression[] }
  /**
   * `instance('file')/root/item[filter]/column`: the column of the first row of an attached table that the filter
   * (bare words read the row's columns) keeps; `filter` is null without brackets.
   */
  | { kind: "lookup"; file: string; column: string; filter: Expression | null };
