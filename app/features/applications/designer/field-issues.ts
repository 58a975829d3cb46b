import { designedFieldsSchema, listIncompleteFields, toFieldErrors } from "../../../../shared/fields/field-config.ts";
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

/**
 * Every problem that blocks saving, by field id: each field's own rules, then the form's (unique names, parents)
 * — the same shared schema the server applies.
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
      const [index, ...rest] = error.path.split(".");
      push(issues, fields[Number(index)]?.id, {
        property: rest.join("."),
        key: `fields:${error.key}`,
        ...(error.params ? { params: error.params } : {}),
      });
    }
  return issues;
}

/** The issues of one property of a field (for the dialog's inputs). */
export function issuesOf(issues: readonly FieldIssue[], property: string): FieldIssue[] {
  return issues.filter((issue) => issue.property === property);
}
