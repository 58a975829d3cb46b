import {
  designedFieldSchema,
  designedFieldsSchema,
  listIncompleteFields,
  toFieldErrors,
} from "../../../../shared/fields/field-config.ts";
import { fieldReference } from "../../../../shared/expressions/index.ts";
import { analyzeForm, EXPRESSION_PROPERTIES, type DraftLogicField } from "../../../../shared/forms/index.ts";
import type { ApplicationPayload } from "../api/applications-api.ts";
import { toPayloadFields, type DesignerField } from "./designer-fields.ts";

/** One problem of a field, placed on the property that has it (`label`, `name`, `config.relevant`, …). */
export interface FieldIssue {
  property: string;
  /** A translation key with its namespace, e.g. `fields:labelRequired`. */
  key: string;
  params?: Record<string, string | number>;
}

function push(issues: Map<string, FieldIssue[]>, id: string | undefined, issue: FieldIssue) {
  if (id === undefined) return;
  const list = issues.get(id) ?? [];
  if (!list.some((known) => known.key === issue.key && known.property === issue.property)) list.push(issue);
  issues.set(id, list);
}

type PayloadField = ApplicationPayload["fields"][number];

/**
 * A field as the analysis reads it. One its own rules still refuse is read by its name, place and expressions alone
 * (its own problems are listed already); one that cannot be read even so (no options or no formula yet) is left out.
 */
function analysisField(field: PayloadField): DraftLogicField | null {
  const parsed = designedFieldSchema.safeParse(field);
  if (parsed.success) return { ...parsed.data, name: field.name };
  const config = Object.fromEntries(
    Object.entries(field.config).filter(([key]) => (EXPRESSION_PROPERTIES as readonly string[]).includes(key)),
  );
  const lenient = designedFieldSchema.safeParse({ ...field, label: field.label || field.name, config });
  return lenient.success ? { ...lenient.data, name: field.name } : null;
}

/** The form analysis (shared/forms) of the fields that can be read, issues keyed back to the designer's ids. */
function expressionIssues(fields: readonly DesignerField[], payload: readonly PayloadField[]) {
  const readable = payload.flatMap((field, index) => {
    const draft = analysisField(field);
    const id = fields[index]?.id;
    return draft && id ? [{ draft, id }] : [];
  });
  const unread = new Set(
    payload.filter((field) => !analysisField(field)).map((field) => fieldReference(field.name).toLowerCase()),
  );
  return analyzeForm(readable.map((entry) => entry.draft)).flatMap((issue) => {
    const id = readable[issue.index]?.id;
    const field = issue.error.params?.["field"];
    // A reference to a field left out is no news: that field's own problem is shown.
    if (!id || (issue.error.key === "unknownField" && unread.has(String(field).toLowerCase()))) return [];
    return [{ id, issue }];
  });
}

/**
 * Every problem that blocks saving, by field id: each field's own rules, the form's (unique names, parents) and the
 * form analysis of its expressions — the rules the server applies.
 */
export function formIssues(fields: readonly DesignerField[]): Map<string, FieldIssue[]> {
  const issues = new Map<string, FieldIssue[]>();
  const payload = toPayloadFields(fields);
  for (const entry of listIncompleteFields(payload))
    for (const error of entry.errors)
      push(issues, fields[entry.index]?.id, {
        property: error.path,
        key: `fields:${error.key}`,
        ...(error.params ? { params: error.params } : {}),
      });
  const form = designedFieldsSchema.safeParse(payload);
  if (!form.success)
    for (const error of toFieldErrors(form.error)) {
      // The schema's summary of an expression problem; the analysis below gives its detail.
      if (error.key === "invalidExpression") continue;
      const [index, ...rest] = error.path.split(".");
      push(issues, fields[Number(index)]?.id, {
        property: rest.join("."),
        key: `fields:${error.key}`,
        ...(error.params ? { params: error.params } : {}),
      });
    }
  for (const { id, issue } of expressionIssues(fields, payload))
    push(issues, id, {
      property: `config.${issue.property}`,
      key: `expressions:${issue.error.key}`,
      ...(issue.error.params ? { params: issue.error.params } : {}),
    });
  return issues;
}
