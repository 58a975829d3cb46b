import {
  EvaluationBudget,
  evaluateExpression,
  isEmptyValue,
  isTruthy,
  toScalar,
  type EvaluationScope,
  type Expression,
  type ExpressionValue,
  type FormTables,
  type ScalarValue,
} from "../expressions/index.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import type { FieldError } from "../fields/field-errors.ts";
import { answerValue } from "./answer-values.ts";
import { filterOptions, optionPropertiesOf } from "./choice-filter.ts";
import { choicesFileOf, fileOptionNames } from "./file-choices.ts";
import { formModel, type ExpressionProperty, type ModelField } from "./form-model.ts";

export interface FormEvaluationOptions {
  /** The instant `now()` and `today()` read (the server passes the record's creation time); now when absent. */
  now?: Date;
  /** Minutes east of UTC of the collector's clock, for `today()`; this runtime's offset when absent. */
  utcOffsetMinutes?: number;
  /** How long the record's logic may run; RECORD_EVALUATION_MS when absent. */
  budgetMs?: number;
  /** The form version's attached tables (choice lists from files, `pulldata()`, `instance()`). */
  tables?: FormTables;
}

export interface FormEvaluation {
  /** Whether each field is shown, by answer key (see `answerKey`); fields in a repeat have one key per entry. */
  visible: Record<string, boolean>;
  /** The value of each shown calculation, by answer key (null when it computes to empty). */
  calculated: Record<string, ScalarValue | null>;
  /** Shown, answered fields whose constraint fails, by answer key. */
  constraintErrors: Record<string, FieldError>;
  /** Entries each repeat holds in the answers (hidden repeats included). */
  entryCounts: Record<string, number>;
  /** The options offered by each shown choice field that has a choice filter or reads a file, by answer key. */
  offeredOptions: Record<string, string[]>;
}

/** Where an answer lives: `fieldId` at the top level and in sections, `repeatId.index.childId` in a repeat entry. */
export function answerKey(fieldId: string, entry?: { repeatId: string; index: number }): string {
  return entry === undefined ? fieldId : `${entry.repeatId}.${entry.index}.${fieldId}`;
}

/** One field's state in one place (the top level, or one repeat entry). */
interface Slot {
  visible: boolean;
  value: ExpressionValue;
}

type Node = ModelField<FormLogicField>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A repeat's entries as sent; anything that is not an entry object counts as an empty entry. */
export function repeatEntries(answers: Record<string, unknown>, repeatId: string): Record<string, unknown>[] {
  const raw = answers[repeatId];
  return Array.isArray(raw) ? raw.map((entry) => (isPlainObject(entry) ? entry : {})) : [];
}

/** The computed state of every field: what `evaluateForm` and `validateRecord` both read. */
export interface FormRun {
  slot: (node: Node, index?: number) => Slot;
  entries: (repeat: Node) => Record<string, unknown>[];
  scope: (node: Node, index: number | undefined, current?: ExpressionValue) => EvaluationScope;
  expression: (node: Node, property: ExpressionProperty) => Expression | undefined;
  /** Spent by every expression of the record; its breach, once there is one, refuses the record. */
  budget: EvaluationBudget;
}

export function runForm(
  fields: readonly FormLogicField[],
  answers: Record<string, unknown>,
  options: FormEvaluationOptions = {},
): FormRun {
  const model = formModel(fields);
  const top = new Map<Node, Slot>();
  const perEntry = new Map<Node, Slot[]>();
  const entryLists = new Map<Node, Record<string, unknown>[]>();
  const hidden: Slot = { visible: false, value: null };
  const budget = new EvaluationBudget(options.budgetMs);

  const entries = (repeat: Node): Record<string, unknown>[] => {
    let list = entryLists.get(repeat);
    if (!list) {
      list = repeat.field.id === undefined ? [] : repeatEntries(answers, repeat.field.id);
      entryLists.set(repeat, list);
    }
    return list;
  };
  const slot = (node: Node, index?: number): Slot =>
    (node.repeat ? perEntry.get(node)?.[index ?? -1] : top.get(node)) ?? hidden;
  const expression = (node: Node, property: ExpressionProperty): Expression | undefined => {
    const parsed = node.expressions[property];
    return parsed?.ok ? parsed.expression : undefined;
  };

  const read = (from: Node, index: number | undefined, name: string): ExpressionValue => {
    const target = model.byName(name);
    if (!target) return null;
    if (!target.repeat) return slot(target).value;
    if (target.repeat === from.repeat && index !== undefined) return slot(target, index).value;
    return (perEntry.get(target) ?? []).map((entrySlot) => entrySlot.value);
  };
  const scope = (node: Node, index: number | undefined, current?: ExpressionValue): EvaluationScope => ({
    field: (name) => read(node, index, name),
    current: current ?? null,
    budget,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: options.utcOffsetMinutes }),
    ...(options.tables === undefined ? {} : { tables: options.tables }),
  });

  const compute = (node: Node, index: number | undefined, raw: unknown): Slot => {
    const containerShown = node.container === null || slot(node.container).visible;
    const relevant = expression(node, "relevant");
    const visible =
      containerShown && (relevant === undefined || isTruthy(evaluateExpression(relevant, scope(node, index))));
    if (!visible) return hidden;
    const { fieldType } = node.field;
    if (fieldType === "calculation") {
      const calculation = expression(node, "calculation");
      const value = calculation ? toScalar(evaluateExpression(calculation, scope(node, index))) : null;
      budget.keep(typeof value === "string" ? value.length : 0);
      return { visible, value };
    }
    if (fieldType === "repeat") return { visible, value: entries(node).map((_, position) => position + 1) };
    return { visible, value: answerValue(fieldType, raw) };
  };

  for (const node of model.order) {
    if (node.repeat) {
      const list = entries(node.repeat);
      const slots: Slot[] = [];
      perEntry.set(node, slots);
      list.forEach((entry, index) => slots.push(compute(node, index, entry[node.field.id])));
    } else top.set(node, compute(node, undefined, answers[node.field.id]));
  }
  return { slot, entries, scope, expression, budget };
}

/** The failed constraint's error: the designer's message when there is one, the default one otherwise. */
export function constraintError(field: FormLogicField): FieldError {
  const message = "constraintMessage" in field.config ? field.config.constraintMessage : undefined;
  return message === undefined ? { key: "constraintFailed" } : { key: "customMessage", params: { message } };
}

/** Whether an answered field breaks its constraint (`.` is its value; empty results and empty answers pass). */
export function breaksConstraint(run: FormRun, node: Node, index?: number): boolean {
  const constraint = run.expression(node, "constraint");
  const { visible, value } = run.slot(node, index);
  if (!constraint || !visible || isEmptyValue(value)) return false;
  const result = evaluateExpression(constraint, run.scope(node, index, value));
  return !isEmptyValue(result) && !isTruthy(result);
}

/** The options a shown choice field offers here: all of them, or those its choice filter keeps. */
export function offeredOptions(run: FormRun, node: Node, index?: number): readonly string[] | undefined {
  const { field } = node;
  if (field.fieldType !== "single_choice" && field.fieldType !== "multiple_choice" && field.fieldType !== "rank")
    return undefined;
  const filter = run.expression(node, "choiceFilter");
  const file = choicesFileOf(field);
  if (file !== undefined) {
    const scope = run.scope(node, index);
    const table = scope.tables?.(file);
    // A list whose file is missing offers nothing: no answer can be checked against it.
    return table ? fileOptionNames(table, filter, scope) : [];
  }
  if (!filter) return field.config.options;
  return filterOptions(field.config.options, optionPropertiesOf(field), filter, run.scope(node, index));
}

/**
 * The form as the collector sees it for these answers: which fields and entries are shown, what calculations give
 * and which constraints fail. Runs on every keystroke of the collect form; `validateRecord` applies the same rules.
 */
export function evaluateForm(
  fields: readonly FormLogicField[],
  answers: Record<string, unknown>,
  options: FormEvaluationOptions = {},
): FormEvaluation {
  const run = runForm(fields, answers, options);
  const evaluation: FormEvaluation = {
    visible: {},
    calculated: {},
    constraintErrors: {},
    entryCounts: {},
    offeredOptions: {},
  };
  const record = (node: Node, key: string, index?: number) => {
    const { visible, value } = run.slot(node, index);
    evaluation.visible[key] = visible;
    if (!visible) return;
    if (node.field.fieldType === "calculation") evaluation.calculated[key] = toScalar(value);
    if (breaksConstraint(run, node, index)) evaluation.constraintErrors[key] = constraintError(node.field);
    if (run.expression(node, "choiceFilter") || choicesFileOf(node.field) !== undefined)
      evaluation.offeredOptions[key] = [...(offeredOptions(run, node, index) ?? [])];
  };
  for (const node of formModel(fields).fields) {
    if (node.field.fieldType === "repeat") evaluation.entryCounts[node.field.id] = run.entries(node).length;
    if (!node.repeat) {
      record(node, node.field.id);
      continue;
    }
    const repeatId = node.repeat.field.id;
    run.entries(node.repeat).forEach((_, index) => record(node, answerKey(node.field.id, { repeatId, index }), index));
  }
  return evaluation;
}
