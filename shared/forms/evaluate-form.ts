import {
  EvaluationBudget,
  evaluateExpression,
  isEmptyValue,
  isTruthy,
  toList,
  toNumber,
  toScalar,
  type EvaluationScope,
  type IndexedStep,
  type Expression,
  type ExpressionValue,
  type FormTables,
  type ScalarValue,
} from "../expressions/index.ts";
import { REPEAT_COUNT_MAX, type FormLogicField } from "../fields/field-config.ts";
import type { FieldError } from "../fields/field-errors.ts";
import { answerValue } from "./answer-values.ts";
import { filterOptions, optionPropertiesOf } from "./choice-filter.ts";
import { choicesFileOf, fileOptionNames } from "./file-choices.ts";
import { formModel, type ExpressionProperty, type ModelField } from "./form-model.ts";
import { isRequiredAt } from "./required-condition.ts";
import { holdsPhoneValue } from "../fields/held-calculations.ts";

export interface FormEvaluationOptions {
  /** The instant `now()` and `today()` read (the server passes the record's creation time); now when absent. */
  now?: Date;
  /** Minutes east of UTC of the collector's clock, for `today()`; this runtime's offset when absent. */
  utcOffsetMinutes?: number;
  /** How long the record's logic may run; RECORD_EVALUATION_MS when absent. */
  budgetMs?: number;
  /** The form version's attached tables (choice lists from files, `pulldata()`, `instance()`). */
  tables?: FormTables;
  /**
   * The answers of the last record this device saved for the form, read by `${last-saved#name}` in defaults (the
   * phone's; elsewhere such a reference reads empty).
   */
  lastSaved?: Record<string, unknown>;
  /** When the collector opened the record and on what device (`duration()`, `device-info()`): the phone's only. */
  startedAt?: Date;
  deviceInfo?: string;
}

export interface FormEvaluation {
  /** Whether each field is shown, by answer key (see `answerKey`); fields in a repeat have one key per entry. */
  visible: Record<string, boolean>;
  /** The value of each shown calculation, by answer key (null when it computes to empty). */
  calculated: Record<string, ScalarValue | null>;
  /** Shown, answered fields whose constraint fails, by answer key. */
  constraintErrors: Record<string, FieldError>;
  /** Entries each repeat holds in the answers (hidden repeats included), by the repeat's answer key. */
  entryCounts: Record<string, number>;
  /** The number of entries a shown repeat with a `repeat_count` expression must hold, by its answer key. */
  requiredCounts: Record<string, number>;
  /** The options offered by each shown choice field that has a choice filter or reads a file, by answer key. */
  offeredOptions: Record<string, string[]>;
  /** Whether each shown field's answer is required now (its `requiredWhen` followed), by answer key. */
  required: Record<string, boolean>;
}

/** One repeat entry on the way from the record down to an answer. */
export interface EntryStep {
  repeatId: string;
  index: number;
}

/**
 * Where an answer lives: `fieldId` at the top level and in sections, `repeatId.index.childId` in a repeat entry,
 * `outerId.index.innerId.index.childId` in an entry of a repeat inside a repeat entry, and so on.
 */
export function answerKey(fieldId: string, entry?: EntryStep | readonly EntryStep[]): string {
  const steps = entry === undefined ? [] : "repeatId" in entry ? [entry] : entry;
  return [...steps.map((step) => `${step.repeatId}.${step.index}`), fieldId].join(".");
}

/** One field's state in one place (the top level, or one repeat entry). */
interface Slot {
  visible: boolean;
  value: ExpressionValue;
}

type Node = ModelField<FormLogicField>;
/** Where an expression stands: what `${name}` and `position()` read depends only on the repeats and section around it. */
type Place = Pick<Node, "repeats" | "container">;
/** The place of an expression of the form as a whole (an entity's `create_if`): outside every section and repeat. */
const FORM_ROOT: Place = { repeats: [], container: null };

/** Which entry of each repeat around a field (outermost first) one of its answers sits in; [] outside repeats. */
export type Instance = readonly number[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A repeat's entries as sent; anything that is not an entry object counts as an empty entry. */
export function repeatEntries(answers: Record<string, unknown>, repeatId: string): Record<string, unknown>[] {
  const raw = answers[repeatId];
  return Array.isArray(raw) ? raw.map((entry) => (isPlainObject(entry) ? entry : {})) : [];
}

/** The answer key of a field at an instance. */
export function nodeKey(node: Node, instance: Instance): string {
  return answerKey(
    node.field.id,
    node.repeats.map((repeat, level) => ({ repeatId: repeat.field.id, index: instance[level] ?? 0 })),
  );
}

/** The computed state of every field: what `evaluateForm` and `validateRecord` both read. */
export interface FormRun {
  slot: (node: Node, instance?: Instance) => Slot;
  /** A repeat's entries in the entry of its outer repeats that `outer` names ([] for a top-level repeat). */
  entries: (repeat: Node, outer?: Instance) => Record<string, unknown>[];
  /** Every instance of a field: one per entry of its innermost repeat, across the entries of the outer ones. */
  instances: (node: Node) => Instance[];
  scope: (node: Node, instance: Instance, current?: ExpressionValue) => EvaluationScope;
  /** The scope of an expression of the whole form, read as a top-level field reads. */
  formScope: () => EvaluationScope;
  expression: (node: Node, property: ExpressionProperty) => Expression | undefined;
  /** Spent by every expression of the record; its breach, once there is one, refuses the record. */
  budget: EvaluationBudget;
}

/** Entries a repeat with a `repeat_count` is asked to hold, when its expression gives a usable whole number. */
export function requiredCount(run: FormRun, repeat: Node, instance: Instance): number | undefined {
  const expression = run.expression(repeat, "repeatCount");
  if (!expression || !run.slot(repeat, instance).visible) return undefined;
  const count = toNumber(evaluateExpression(expression, run.scope(repeat, instance)));
  return count === null || count < 0 ? undefined : Math.min(Math.trunc(count), REPEAT_COUNT_MAX);
}

export function runForm(
  fields: readonly FormLogicField[],
  answers: Record<string, unknown>,
  options: FormEvaluationOptions = {},
): FormRun {
  const model = formModel(fields);
  const slots = new Map<Node, Map<string, Slot>>();
  const entryLists = new Map<string, Record<string, unknown>[]>();
  const hidden: Slot = { visible: false, value: null };
  const budget = new EvaluationBudget(options.budgetMs);

  const entries = (repeat: Node, outer: Instance = []): Record<string, unknown>[] => {
    const cacheKey = `${repeat.index}:${outer.join(".")}`;
    let list = entryLists.get(cacheKey);
    if (!list) {
      const holder = outer.length === 0 ? answers : entryAt(repeat.repeats, outer);
      list = holder === undefined ? [] : repeatEntries(holder, repeat.field.id);
      entryLists.set(cacheKey, list);
    }
    return list;
  };
  /** The entry object an instance of these repeats names; undefined when it does not exist. */
  const entryAt = (repeats: readonly Node[], instance: Instance): Record<string, unknown> | undefined => {
    const last = repeats.length - 1;
    const repeat = repeats[last];
    if (!repeat) return answers;
    return entries(repeat, instance.slice(0, last))[instance[last] ?? -1];
  };
  /** The instances of `repeats` that extend `prefix` (all of them for an empty prefix). */
  const instancesUnder = (repeats: readonly Node[], prefix: Instance): Instance[] => {
    const repeat = repeats[prefix.length];
    if (!repeat) return [prefix];
    return entries(repeat, prefix).flatMap((_, index) => instancesUnder(repeats, [...prefix, index]));
  };
  const instances = (node: Node) => instancesUnder(node.repeats, []);
  const slot = (node: Node, instance: Instance = []): Slot =>
    slots.get(node)?.get(instance.slice(0, node.repeats.length).join(".")) ?? hidden;
  const expression = (node: Node, property: ExpressionProperty): Expression | undefined => {
    const parsed = node.expressions[property];
    return parsed?.ok ? parsed.expression : undefined;
  };

  /** How many repeats two fields share from the outside in: there a reference reads the current entry. */
  const sharedLevels = (from: Place, target: Node, instance: Instance) => {
    let level = 0;
    while (level < target.repeats.length && from.repeats[level] === target.repeats[level] && level < instance.length)
      level += 1;
    return level;
  };
  // `${name}`: the value in the current entry of every repeat both fields are in; across the other entries, a list.
  const read = (from: Place, instance: Instance, name: string): ExpressionValue => {
    const target = model.byName(name);
    if (!target) return null;
    const shared = sharedLevels(from, target, instance);
    if (shared === target.repeats.length) return slot(target, instance.slice(0, shared)).value;
    const values = instancesUnder(target.repeats, instance.slice(0, shared)).map((at) => slot(target, at).value);
    // A repeat's own value is its entry numbers: nested ones read as all their entries together.
    return target.field.fieldType === "repeat" ? values.flatMap((value) => toList(value)) : values;
  };
  const indexedRepeat = (from: Place, instance: Instance, name: string, steps: readonly IndexedStep[]) => {
    const target = model.byName(name);
    if (!target) return null;
    const shared = sharedLevels(from, target, instance);
    const at: number[] = [];
    for (const [level, repeat] of target.repeats.entries()) {
      const step = steps.find((candidate) => model.byName(candidate.repeat) === repeat);
      const position = step ? toNumber(step.position) : null;
      if (step && (position === null || !Number.isInteger(position) || position < 1)) return null;
      if (position !== null) at.push(position - 1);
      else if (level < shared) at.push(instance[level] ?? 0);
      else return null;
    }
    return slot(target, at).value;
  };
  // `position(..)`: the entry number of the repeat `levels` containers up; a section is its parent's only child.
  const position = (from: Place, instance: Instance, levels: number): ExpressionValue => {
    let container: Place | null = from;
    for (let level = 0; level < levels && container; level += 1) container = container.container;
    if (!container) return null;
    const level = from.repeats.findIndex((repeat) => repeat === container);
    return level < 0 ? 1 : (instance[level] ?? 0) + 1;
  };
  const scope = (node: Place, instance: Instance, current?: ExpressionValue): EvaluationScope => ({
    field: (name) => read(node, instance, name),
    indexedRepeat: (name, steps) => indexedRepeat(node, instance, name, steps),
    position: (levels) => position(node, instance, levels),
    current: current ?? null,
    budget,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: options.utcOffsetMinutes }),
    ...(options.tables === undefined ? {} : { tables: options.tables }),
    ...(options.startedAt === undefined ? {} : { startedAt: options.startedAt }),
    ...(options.deviceInfo === undefined ? {} : { deviceInfo: options.deviceInfo }),
  });

  const compute = (node: Node, instance: Instance, raw: unknown): Slot => {
    const containerShown = node.container === null || slot(node.container, instance).visible;
    const relevant = expression(node, "relevant");
    const visible =
      containerShown && (relevant === undefined || isTruthy(evaluateExpression(relevant, scope(node, instance))));
    if (!visible) return hidden;
    const { fieldType } = node.field;
    // A triggered calculation holds the value its trigger set, as an answer.
    if (fieldType === "calculation" && !holdsPhoneValue(node.field)) {
      const calculation = expression(node, "calculation");
      const value = calculation ? toScalar(evaluateExpression(calculation, scope(node, instance))) : null;
      budget.keep(typeof value === "string" ? value.length : 0);
      return { visible, value };
    }
    if (fieldType === "repeat")
      return { visible, value: entries(node, instance).map((_, entryIndex) => entryIndex + 1) };
    return { visible, value: answerValue(fieldType, raw) };
  };

  for (const node of model.order) {
    const computed = new Map<string, Slot>();
    slots.set(node, computed);
    for (const instance of instances(node))
      computed.set(instance.join("."), compute(node, instance, entryAt(node.repeats, instance)?.[node.field.id]));
  }
  return { slot, entries, instances, scope, formScope: () => scope(FORM_ROOT, []), expression, budget };
}

/** The failed constraint's error: the designer's message when there is one, the default one otherwise. */
export function constraintError(field: FormLogicField): FieldError {
  const message = "constraintMessage" in field.config ? field.config.constraintMessage : undefined;
  return message === undefined ? { key: "constraintFailed" } : { key: "customMessage", params: { message } };
}

/** Whether an answered field breaks its constraint (`.` is its value; empty results and empty answers pass). */
export function breaksConstraint(run: FormRun, node: Node, instance: Instance = []): boolean {
  const constraint = run.expression(node, "constraint");
  const { visible, value } = run.slot(node, instance);
  if (!constraint || !visible || isEmptyValue(value)) return false;
  const result = evaluateExpression(constraint, run.scope(node, instance, value));
  return !isEmptyValue(result) && !isTruthy(result);
}

/** The options a shown choice field offers here: all of them, or those its choice filter keeps. */
export function offeredOptions(run: FormRun, node: Node, instance: Instance = []): readonly string[] | undefined {
  const { field } = node;
  if (field.fieldType !== "single_choice" && field.fieldType !== "multiple_choice" && field.fieldType !== "rank")
    return undefined;
  const filter = run.expression(node, "choiceFilter");
  const file = choicesFileOf(field);
  if (file !== undefined) {
    const scope = run.scope(node, instance);
    const table = scope.tables?.(file);
    // A list whose file is missing offers nothing: no answer can be checked against it.
    return table ? fileOptionNames(table, filter, scope) : [];
  }
  if (!filter) return field.config.options;
  return filterOptions(field.config.options, optionPropertiesOf(field), filter, run.scope(node, instance));
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
    requiredCounts: {},
    offeredOptions: {},
    required: {},
  };
  for (const node of formModel(fields).fields) {
    for (const instance of run.instances(node)) {
      const key = nodeKey(node, instance);
      const { visible, value } = run.slot(node, instance);
      if (node.field.fieldType === "repeat") {
        evaluation.entryCounts[key] = run.entries(node, instance).length;
        const required = requiredCount(run, node, instance);
        if (required !== undefined) evaluation.requiredCounts[key] = required;
      }
      evaluation.visible[key] = visible;
      if (!visible) continue;
      if (node.field.fieldType === "calculation") evaluation.calculated[key] = toScalar(value);
      evaluation.required[key] = isRequiredAt(run, node, instance);
      if (breaksConstraint(run, node, instance)) evaluation.constraintErrors[key] = constraintError(node.field);
      if (run.expression(node, "choiceFilter") || choicesFileOf(node.field) !== undefined)
        evaluation.offeredOptions[key] = [...(offeredOptions(run, node, instance) ?? [])];
    }
  }
  return evaluation;
}
