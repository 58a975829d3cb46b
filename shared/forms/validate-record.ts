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
import {
  answerKey,
  breaksConstraint,
  constraintError,
  offeredOptions,
  runForm,
  type FormEvaluationOptions,
  type FormRun,
} from "./evaluate-form.ts";
import { formModel, type ModelField } from "./form-model.ts";

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

function countError(repeat: Extract<FormLogicField, { fieldType: "repeat" }>, count: number): FieldError | null {
  const { minCount, maxCount } = repeat.config;
  if (minCount !== undefined && count < minCount) return { key: "repeatMinCount", params: { min: minCount } };
  if (maxCount !== undefined && count > maxCount) return { key: "repeatMaxCount", params: { max: maxCount } };
  return null;
}

class RecordChecker {
  readonly answers: Record<string, unknown> = {};
  readonly fieldErrors: Record<string, FieldError> = {};

  constructor(
    private readonly run: FormRun,
    private readonly options: RecordValidationOptions,
  ) {}

  /** Checks one shown field in one place and returns what to store for it (undefined: nothing). */
  answer(node: Node, raw: unknown, key: string, index?: number): unknown {
    const { field } = node;
    if (field.fieldType === "calculation") {
      const value = this.run.slot(node, index).value;
      return isEmptyValue(value) ? undefined : (toScalar(value) ?? undefined);
    }
    const found = answerError(field, raw, this.options);
    if (found) this.fieldErrors[key] = found;
    else if (!isOffered(offeredOptions(this.run, node, index), raw, otherOffered(field)))
      this.fieldErrors[key] = { key: "optionNotOffered" };
    else if (breaksConstraint(this.run, node, index)) this.fieldErrors[key] = constraintError(field);
    return isEmptyAnswer(raw) ? undefined : raw;
  }

  repeat(node: Node & { field: { fieldType: "repeat" } }, raw: unknown, retired: ReadonlySet<string>): unknown {
    const shape = validateAnswer(node.field, raw, this.options);
    if (shape) {
      this.fieldErrors[node.field.id] = shape;
      return undefined;
    }
    const entries = this.run.entries(node);
    const count = countError(node.field, entries.length);
    if (count) this.fieldErrors[node.field.id] = count;
    const known = new Set(node.children.map((child) => child.field.id));
    const stored = entries.map((entry, index) => {
      const kept: Record<string, unknown> = {};
      for (const child of node.children) {
        if (!this.run.slot(child, index).visible || !holdsAnswer(child)) continue;
        const key = answerKey(child.field.id, { repeatId: node.field.id, index });
        const value = this.answer(child, entry[child.field.id], key, index);
        if (value !== undefined) kept[child.field.id] = value;
      }
      for (const [id, value] of Object.entries(entry)) {
        if (retired.has(id)) kept[id] = value;
        else if (!known.has(id))
          this.fieldErrors[answerKey(id, { repeatId: node.field.id, index })] = { key: "unknownField" };
      }
      return kept;
    });
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

function isRepeatNode(node: Node): node is Node & { field: { fieldType: "repeat" } } {
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
  const run = runForm(fields, sent, options);
  const checker = new RecordChecker(run, options);
  const retired = new Set(options.retiredFieldIds ?? []);
  const model = formModel(fields);
  for (const node of model.fields) {
    if (node.repeat || !holdsAnswer(node) || !run.slot(node).visible) continue;
    const raw = sent[node.field.id];
    const value = isRepeatNode(node) ? checker.repeat(node, raw, retired) : checker.answer(node, raw, node.field.id);
    if (value !== undefined) checker.answers[node.field.id] = value;
  }
  const topLevelIds = new Set(model.fields.filter((node) => !node.repeat).map((node) => node.field.id));
  for (const [id, value] of Object.entries(sent)) {
    if (retired.has(id)) checker.answers[id] = value;
    else if (!topLevelIds.has(id)) checker.fieldErrors[id] = { key: "unknownField" };
  }
  // Calculations may have built what the sent answers were not: the stored record meets the same caps.
  const computedError = run.budget.breach ? breachError(run.budget.breach, options) : answersSizeError(checker.answers);
  if (computedError) return refused(computedError);
  return {
    valid: Object.keys(checker.fieldErrors).length === 0,
    answers: checker.answers,
    fieldErrors: checker.fieldErrors,
  };
}
