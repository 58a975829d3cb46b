import { parseExpression, referencedNames, type ParseResult } from "../expressions/index.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import { isContainerType } from "../fields/field-types.ts";
import { holdsPhoneValue } from "../fields/held-calculations.ts";

/** The config properties that hold expressions, in the order the designer shows them. */
export const EXPRESSION_PROPERTIES = [
  "relevant",
  "constraint",
  "calculation",
  "defaultValue",
  "choiceFilter",
  "repeatCount",
  "requiredWhen",
  "trigger",
] as const;
export type ExpressionProperty = (typeof EXPRESSION_PROPERTIES)[number];

/** A field as the designer holds it: new fields have no id yet. */
export type DraftLogicField = FormLogicField extends infer F
  ? F extends FormLogicField
    ? Omit<F, "id"> & { id?: string }
    : never
  : never;

/** Why one field depends on another for its value or its visibility. */
type DependencyReason = "relevant" | "calculation" | "container";

export interface ModelField<F extends DraftLogicField = DraftLogicField> {
  field: F;
  /** Index in the given list (the designer's `fields.N`). */
  index: number;
  /** The section or repeat holding the field. */
  container: ModelField<F> | null;
  /** The nearest repeat around the field (sections are transparent): its answers are per entry of that repeat. */
  repeat: ModelField<F> | null;
  /** Every repeat around the field, outermost first: one entry index of each places one answer of the field. */
  repeats: ModelField<F>[];
  children: ModelField<F>[];
  /** The parsed expressions the field carries (absent properties are left out). */
  expressions: Partial<Record<ExpressionProperty, ParseResult>>;
  dependencies: { on: ModelField<F>; reason: DependencyReason }[];
}

export interface DependencyCycle<F extends DraftLogicField = DraftLogicField> {
  field: ModelField<F>;
  property: "relevant" | "calculation";
  /** Field names around the cycle, starting and ending at `field`. */
  path: string[];
}

export interface FormModel<F extends DraftLogicField = DraftLogicField> {
  fields: ModelField<F>[];
  /** The field named so (case-insensitively). */
  byName: (name: string) => ModelField<F> | undefined;
  /** Every field after whatever its value or visibility depends on (cycles broken at an arbitrary edge). */
  order: ModelField<F>[];
  cycles: DependencyCycle<F>[];
}

function expressionSource(config: object, property: ExpressionProperty): string | undefined {
  const value: unknown = Reflect.get(config, property);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function parsedExpressions(config: object): Partial<Record<ExpressionProperty, ParseResult>> {
  const expressions: Partial<Record<ExpressionProperty, ParseResult>> = {};
  for (const property of EXPRESSION_PROPERTIES) {
    const source = expressionSource(config, property);
    if (source !== undefined)
      expressions[property] = parseExpression(source, { optionProperties: property === "choiceFilter" });
  }
  return expressions;
}

function referencesOf(result: ParseResult | undefined): string[] {
  return result?.ok ? referencedNames(result.expression) : [];
}

function linkDependencies<F extends DraftLogicField>(model: FormModel<F>): void {
  for (const node of model.fields) {
    const add = (on: ModelField<F> | undefined, reason: DependencyReason) => {
      if (on && !node.dependencies.some((known) => known.on === on && known.reason === reason))
        node.dependencies.push({ on, reason });
    };
    if (node.container) add(node.container, "container");
    for (const name of referencesOf(node.expressions.relevant)) add(model.byName(name), "relevant");
    // A triggered or device calculation holds the value the phone set, not one recomputed from what it reads.
    if (node.field.fieldType === "calculation" && !holdsPhoneValue(node.field))
      for (const name of referencesOf(node.expressions.calculation)) add(model.byName(name), "calculation");
  }
}

/** Depth-first order over the dependencies; every back edge closes a cycle, reported on each field along it. */
function orderAndCycles<F extends DraftLogicField>(model: FormModel<F>): void {
  const state = new Map<ModelField<F>, "visiting" | "done">();
  const stack: ModelField<F>[] = [];
  const reasons: DependencyReason[] = [];
  const reported = new Set<string>();
  const visit = (node: ModelField<F>): void => {
    state.set(node, "visiting");
    stack.push(node);
    for (const { on, reason } of node.dependencies) {
      reasons.push(reason);
      if (state.get(on) === "visiting") reportCycle(stack.slice(stack.indexOf(on)), reasons.slice(stack.indexOf(on)));
      else if (!state.has(on)) visit(on);
      reasons.pop();
    }
    stack.pop();
    state.set(node, "done");
    model.order.push(node);
  };
  const reportCycle = (members: ModelField<F>[], edgeReasons: DependencyReason[]) => {
    members.forEach((member, offset) => {
      const property = edgeReasons[offset];
      if (property === undefined || property === "container") return;
      const key = `${member.index}:${property}`;
      if (reported.has(key)) return;
      reported.add(key);
      const rotated = [...members.slice(offset), ...members.slice(0, offset), member];
      model.cycles.push({ field: member, property, path: rotated.map((node) => node.field.name) });
    });
  };
  for (const node of model.fields) if (!state.has(node)) visit(node);
}

function enclosingRepeats<F extends DraftLogicField>(node: ModelField<F>): ModelField<F>[] {
  const repeats: ModelField<F>[] = [];
  for (let up = node.container; up; up = up.container) if (up.field.fieldType === "repeat") repeats.unshift(up);
  return repeats;
}

function buildFormModel<F extends DraftLogicField>(fields: readonly F[]): FormModel<F> {
  const nodes: ModelField<F>[] = fields.map((field, index) => ({
    field,
    index,
    container: null,
    repeat: null,
    repeats: [],
    children: [],
    expressions: parsedExpressions(field.config),
    dependencies: [],
  }));
  const names = new Map<string, ModelField<F>>();
  for (const node of nodes) {
    const key = node.field.name.toLowerCase();
    if (!names.has(key)) names.set(key, node);
  }
  for (const node of nodes) {
    const parent = node.field.parentName === null ? undefined : names.get(node.field.parentName.toLowerCase());
    if (!parent || parent === node || !isContainerType(parent.field.fieldType)) continue;
    node.container = parent;
    parent.children.push(node);
  }
  // A parent loop (refused by the designer, possible in hand-made data) is cut where it closes: that field is top level.
  for (const node of nodes) {
    const seen = new Set<ModelField<F>>([node]);
    for (let up = node.container; up; up = up.container) {
      if (seen.has(up)) {
        up.container?.children.splice(up.container.children.indexOf(up), 1);
        up.container = null;
        break;
      }
      seen.add(up);
    }
  }
  for (const node of nodes) node.repeats = enclosingRepeats(node);
  for (const node of nodes) node.repeat = node.repeats.at(-1) ?? null;
  const byName = (name: string) => names.get(name.toLowerCase());
  const model: FormModel<F> = { fields: nodes, byName, order: [], cycles: [] };
  linkDependencies(model);
  orderAndCycles(model);
  return model;
}

const models = new WeakMap<readonly DraftLogicField[], FormModel>();

/**
 * The form's structure, parsed expressions and evaluation order. Built once per fields array (the collect form
 * re-evaluates on every keystroke with the same array), so callers must not mutate a list they passed.
 */
export function formModel<F extends DraftLogicField>(fields: readonly F[]): FormModel<F> {
  const cached = models.get(fields);
  if (cached) return cached as unknown as FormModel<F>;
  const model = buildFormModel(fields);
  models.set(fields, model);
  return model;
}
