import { OTHER_OPTION } from "../fields/appearances.ts";
import { isEmptyValue, RECORD_EVALUATION_MS, toScalar, type BudgetBreach } from "../expressions/index.ts";
import {
  answersFormError,
  answersSizeError,
  answersTooLarge,
  isEmptyAnswer,
  validateAnswer,
  type AnswerValidationOptions,
} from "../fields/answer-validation.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import type { FieldError } from "../fields/field-errors.ts";
import { entryCapError } from "./entry-caps.ts";
import {
  answerKey,
  breaksConstraint,
  constraintError,
  nodeKey,
  offeredOptions,
  requiredCount,
  runForm,
  type FormEvaluationOptions,
  type FormRun,
  type Instance,
} from "./evaluate-form.ts";
import { formModel, type ModelField } from "./form-model.ts";
import { isRequiredAt } from "./required-condition.ts";
import { holdsPhoneValue } from "../fields/held-calculations.ts";

export interface RecordValidationOptions extends FormEvaluationOptions, AnswerValidationOptions {}

export interface RecordValidation {
  valid: boolean;
  /**
   * The answers to store: hidden fields, notes and sections dropped, calculations recomputed, repeat entries holding
   * only their shown children. Answers of retired fields are kept as sent.
   */
  answers: Record<string, unknown>;
  /** By answer key (`fieldId`, or `repeatId.index.childId` inside a repeat), in form order. */
  fieldErrors: Record<string, FieldError>;
  /**
   * A problem with the answers as a whole (not an object, too large as sent or once calculated, logic past its time
   * budget); then field errors are not reported.
   */
  formError?: FieldError;
}

type Node = ModelField<FormLogicField>;

/** The required-answer error, with the designer's own message when it has one. */
function answerError(field: FormLogicField, value: unknown, options: AnswerValidationOptions): FieldError | null {
  const found = validateAnswer(field, value, options);
  if (found === null || !isEmptyAnswer(value)) return found;
  const message = "requiredMessage" in field.config ? field.config.requiredMessage : undefined;
  return message === undefined ? found : { key: "customMessage", params: { message } };
}

function breachError(breach: BudgetBreach, options: RecordValidationOptions): FieldError {
  if (breach === "tooLarge") return answersTooLarge();
  return { key: "evaluationTimeout", params: { seconds: (options.budgetMs ?? RECORD_EVALUATION_MS) / 1000 } };
}

function refused(formError: FieldError): RecordValidation {
  return { valid: false, answers: {}, fieldErrors: {}, formError };
}

function countError(
  repeat: Extract<FormLogicField, { fieldType: "repeat" }>,
  count: number,
  required: number | undefined,
): FieldError | null {
  const minCount = required ?? repeat.config.minCount;
  const maxCount = required ?? repeat.config.maxCount;
  if (minCount !== undefined && count < minCount) return { key: "repeatMinCount", params: { min: minCount } };
  if (maxCount !== undefined && count > maxCount) return { key: "repeatMaxCount", params: { max: maxCount } };
  return null;
}

class RecordChecker {
  readonly fieldErrors: Record<string, FieldError> = {};
  /** The fields answered in the entries of each repeat (null: the record's top level), sections seen through. */
  private readonly members = new Map<Node | null, Node[]>();

  constructor(
    private readonly run: FormRun,
    private readonly options: RecordValidationOptions,
    private readonly retired: ReadonlySet<string>,
    nodes: readonly Node[],
  ) {
    for (const node of nodes) this.members.set(node.repeat, [...(this.members.get(node.repeat) ?? []), node]);
  }

  /**
   * What to store of one level, the record's top level or one repeat entry (`instance` names it): its shown answers
   * checked, its repeats' entries checked in turn, retired answers kept, unknown ones refused.
   */
  level(repeat: Node | null, instance: Instance, sent: Record<string, unknown>): Record<string, unknown> {
    const kept: Record<string, unknown> = {};
    const members = this.members.get(repeat) ?? [];
    for (const node of members) {
      if (!holdsAnswer(node) || !this.run.slot(node, instance).visible) continue;
      const raw = sent[node.field.id];
      const key = nodeKey(node, instance);
      const value = isRepeatNode(node) ? this.repeat(node, instance, raw, key) : this.answer(node, raw, key, instance);
      if (value !== undefined) kept[node.field.id] = value;
    }
    const known = new Set(members.map((node) => node.field.id));
    const steps = repeat === null ? [] : [...repeat.repeats, repeat];
    const path = steps.map((step, level) => ({ repeatId: step.field.id, index: instance[level] ?? 0 }));
    for (const [id, value] of Object.entries(sent)) {
      if (this.retired.has(id)) kept[id] = value;
      else if (!known.has(id)) this.fieldErrors[answerKey(id, path)] = { key: "unknownField" };
    }
    return kept;
  }

  /** Checks one shown field in one place and returns what to store for it (undefined: nothing). */
  private answer(node: Node, raw: unknown, key: string, instance: Instance): unknown {
    const { field } = node;
    if (field.fieldType === "calculation" && !holdsPhoneValue(field)) {
      const value = this.run.slot(node, instance).value;
      return isEmptyValue(value) ? undefined : (toScalar(value) ?? undefined);
    }
    const found =
      isEmptyAnswer(raw) && !isRequiredAt(this.run, node, instance) ? null : answerError(field, raw, this.options);
    if (found) this.fieldErrors[key] = found;
    else if (!isOffered(offeredOptions(this.run, node, instance), raw, otherOffered(field)))
      this.fieldErrors[key] = { key: "optionNotOffered" };
    else if (breaksConstraint(this.run, node, instance)) this.fieldErrors[key] = constraintError(field);
    return isEmptyAnswer(raw) ? undefined : raw;
  }

  private repeat(node: RepeatNode, instance: Instance, raw: unknown, key: string): unknown {
    const shape = validateAnswer(node.field, raw, this.options);
    if (shape) {
      this.fieldErrors[key] = shape;
      return undefined;
    }
    const entries = this.run.entries(node, instance);
    const count = countError(node.field, entries.length, requiredCount(this.run, node, instance));
    if (count) this.fieldErrors[key] = count;
    const stored = entries.map((entry, index) => this.level(node, [...instance, index], entry));
    // A shown repeat answered with no entries keeps its empty list: "no entries" is an answer (charts count it as 0).
    return Array.isArray(raw) ? stored : undefined;
  }
}

/** Whether a well-formed answer picks only options its choice filter offers (other fields: always). */
function isOffered(offered: readonly string[] | undefined, raw: unknown, other: boolean): boolean {
  if (offered === undefined || isEmptyAnswer(raw)) return true;
  const picked = Array.isArray(raw) ? raw : [raw];
  return picked.every(
    (option) => typeof option === "string" && (offered.includes(option) || (other && option === OTHER_OPTION)),
  );
}

/** ODK's or_other "other" is offered whatever a choice filter keeps. */
function otherOffered(field: Node["field"]): boolean {
  return (
    (field.fieldType === "single_choice" || field.fieldType === "multiple_choice") && field.config.orOther === true
  );
}

function holdsAnswer(node: Node): boolean {
  return node.field.fieldType !== "note" && node.field.fieldType !== "section";
}

type RepeatNode = Node & { field: { fieldType: "repeat" } };

function isRepeatNode(node: Node): node is RepeatNode {
  return node.field.fieldType === "repeat";
}

/**
 * Validates a record against its form's logic and returns what to store: the collect form runs it before saving,
 * the server on sync and on record edits. Hidden fields (relevance false, or in a hidden section or repeat) are
 * neither required nor checked and their answers are dropped; constraints of shown answers are enforced;
 * calculations are recomputed (with `now` = the record's creation time on the server); repeat entries are checked
 * child by child, and their count against min/max. Pass fields in position order.
 */
export function validateRecord(
  fields: readonly FormLogicField[],
  answers: unknown,
  options: RecordValidationOptions = {},
): RecordValidation {
  const formError = answersFormError(answers);
  if (formError || typeof answers !== "object" || answers === null || Array.isArray(answers))
    return refused(formError ?? { key: "invalidAnswers" });
  const sent = answers as Record<string, unknown>;
  const model = formModel(fields);
  const capped = entryCapError(
    model.fields.filter((node) => node.field.fieldType === "repeat"),
    sent,
  );
  if (capped) return { valid: false, answers: {}, fieldErrors: { [capped.key]: capped.error } };
  const run = runForm(fields, sent, options);
  const checker = new RecordChecker(run, options, new Set(options.retiredFieldIds ?? []), model.fields);
  const stored = checker.level(null, [], sent);
  // Calculations may have built what the sent answers were not: the stored record meets the same caps.
  const computedError = run.budget.breach ? breachError(run.budget.breach, options) : answersSizeError(stored);
  if (computedError) return refused(computedError);
  return {
    valid: Object.keys(checker.fieldErrors).length === 0,
    answers: stored,
    fieldErrors: checker.fieldErrors,
  };
}
