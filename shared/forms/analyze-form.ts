import {
  checkExpression,
  expressionError,
  fieldReference,
  type ExpressionError,
  type TypeEnvironment,
  type ValueType,
} from "../expressions/index.ts";
import { OTHER_OPTION } from "../fields/appearances.ts";
import type { FieldType } from "../fields/field-types.ts";
import { optionPropertiesOf } from "./choice-filter.ts";
import { propertySetsOf } from "../fields/option-property-sets.ts";
import { choicesFileOf } from "./file-choices.ts";
import { formModel, type DraftLogicField, type ExpressionProperty, type ModelField } from "./form-model.ts";

/** A problem of one expression of one field, for the designer to show on that field and property. */
export interface FormIssue {
  /** The field's index in the list given (the designer's `fields.N`). */
  index: number;
  fieldId?: string;
  fieldName: string;
  property: ExpressionProperty;
  error: ExpressionError;
}

const VALUE_TYPES: Readonly<Record<Exclude<FieldType, "calculation" | "note" | "section">, ValueType>> = {
  text: "text",
  number: "number",
  date: "date",
  time: "text",
  yes_no: "boolean",
  single_choice: "text",
  multiple_choice: "list",
  email: "text",
  phone: "text",
  url: "text",
  signature: "text",
  photo: "text",
  audio: "text",
  video: "text",
  file: "text",
  gps: "text",
  repeat: "list",
  datetime: "text",
  range: "number",
  rank: "list",
  acknowledge: "text",
  hidden: "any",
  barcode: "text",
  metadata: "any",
  line: "text",
  area: "text",
  entity: "text",
};

type Node = ModelField;

/** In a choice filter, `name` (the option) and every property some option of the field has are text. */
function optionPropertyTypes(field: DraftLogicField): TypeEnvironment["optionProperty"] {
  const known = new Set<string>(["name"]);
  for (const value of Object.values(optionPropertiesOf(field)))
    for (const properties of propertySetsOf(value))
      for (const name of Object.keys(properties)) known.add(name.toLowerCase());
  return (name) => (known.has(name.toLowerCase()) ? "text" : expressionError("unknownOptionProperty", { name }));
}

/** In a choice filter over an attached file, bare words are its columns (any word while the file is not known). */
function fileColumnTypes(
  file: string,
  tableColumns: AnalysisOptions["tableColumns"],
): TypeEnvironment["optionProperty"] {
  const columns = tableColumns?.(file)?.map((column) => column.toLowerCase());
  return (name) =>
    !columns || columns.includes(name.toLowerCase()) ? "text" : expressionError("unknownColumn", { name, file });
}

export interface AnalysisOptions {
  /** The columns of the form's attached tables by file name; without it files and columns are not checked. */
  tableColumns?: TypeEnvironment["tableColumns"];
}

/**
 * Everything wrong with a form's expressions: syntax errors, unknown fields, fields without a value (notes,
 * sections), `.` outside a constraint, type mismatches, refused regex patterns, unknown options and cycles between
 * calculations and relevance conditions. A form with issues cannot be saved (`designedFieldsSchema` refuses it).
 */
export function analyzeForm(fields: readonly DraftLogicField[], options: AnalysisOptions = {}): FormIssue[] {
  const model = formModel(fields);
  const calculationTypes = new Map<Node, ValueType>();

  const valueType = (target: Node): ValueType => {
    const { fieldType } = target.field;
    if (fieldType === "note" || fieldType === "section") return "any";
    if (fieldType !== "calculation") return VALUE_TYPES[fieldType];
    const known = calculationTypes.get(target);
    if (known !== undefined) return known;
    calculationTypes.set(target, "any"); // a cycle reads as `any`; the cycle itself is reported
    const parsed = target.expressions.calculation;
    const type = parsed?.ok ? checkExpression(parsed.expression, environment(target, undefined)).type : "any";
    calculationTypes.set(target, type);
    return type;
  };

  const environment = (
    from: Node,
    current: ValueType | undefined,
    optionProperty?: TypeEnvironment["optionProperty"],
  ): TypeEnvironment => ({
    ...(optionProperty === undefined ? {} : { optionProperty }),
    ...(options.tableColumns === undefined ? {} : { tableColumns: options.tableColumns }),
    field: (name) => {
      const target = model.byName(name);
      if (!target) return expressionError("unknownField", { field: fieldReference(name) });
      const { fieldType } = target.field;
      if (fieldType === "note" || fieldType === "section")
        return expressionError("noValue", { field: fieldReference(name) });
      // Outside the entries `from` sits in, a field has one answer per entry: it reads as a list.
      if (target.repeats.some((repeat, level) => from.repeats[level] !== repeat)) return "list";
      return valueType(target);
    },
    ...(current === undefined ? {} : { current }),
    fieldType: (name) => model.byName(name)?.field.fieldType,
    options: (name) => {
      const config: unknown = model.byName(name)?.field.config;
      const options: unknown =
        typeof config === "object" && config !== null ? Reflect.get(config, "options") : undefined;
      if (!Array.isArray(options)) return undefined;
      const named = options.filter((option): option is string => typeof option === "string");
      // ODK's or_other adds the option `other` to the list (shared/fields/appearances.ts).
      return typeof config === "object" && config !== null && Reflect.get(config, "orOther") === true
        ? [...named, OTHER_OPTION]
        : named;
    },
  });

  const issues: FormIssue[] = [];
  const add = (node: Node, property: ExpressionProperty, error: ExpressionError) => {
    issues.push({
      index: node.index,
      ...(node.field.id === undefined ? {} : { fieldId: node.field.id }),
      fieldName: node.field.name,
      property,
      error,
    });
  };
  for (const node of model.fields) {
    for (const [property, parsed] of Object.entries(node.expressions) as [
      ExpressionProperty,
      (typeof node.expressions)[ExpressionProperty],
    ][]) {
      if (!parsed) continue;
      if (!parsed.ok) {
        add(node, property, parsed.error);
        continue;
      }
      const current = property === "constraint" ? valueType(node) : undefined;
      const file = choicesFileOf(node.field);
      const optionProperty =
        property !== "choiceFilter"
          ? undefined
          : file === undefined
            ? optionPropertyTypes(node.field)
            : fileColumnTypes(file, options.tableColumns);
      for (const error of checkExpression(parsed.expression, environment(node, current, optionProperty)).errors)
        add(node, property, error);
    }
  }
  for (const cycle of model.cycles)
    add(cycle.field, cycle.property, expressionError("cycle", { path: cycle.path.join(" → ") }));
  return issues.sort((a, b) => a.index - b.index);
}
