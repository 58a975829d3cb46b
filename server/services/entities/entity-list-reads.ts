import type { Expression } from "../../../shared/expressions/index.ts";
import type { FormLogicField } from "../../../shared/fields/field-config.ts";
import { formModel } from "../../../shared/forms/form-model.ts";

/**
 * How a form's expressions read its entity list, so that sync loads no more of the list than they can reach:
 * - `none`: no expression names it;
 * - `byId`: only ever one entity by its id (ODK's `instance('trees')/root/item[name=${tree}]/…`, or
 *   `pulldata('trees', 'height', 'name', ${tree})`) where the id is a question's answer: the entities the records'
 *   answers name are all it can read;
 * - `all`: anything else (a filter on another column, a key that is computed): the whole list.
 */
type EntityListReads = "none" | "byId" | "all";

/** `${question}` as a lookup's key: an answer the record carries (a calculation's value is computed, not sent). */
function answeredKey(node: Expression | undefined, answered: (name: string) => boolean): boolean {
  return node?.kind === "field" && node.lastSaved !== true && answered(node.name);
}

function isIdColumn(node: Expression | undefined): boolean {
  return node?.kind === "option" && node.name === "name";
}

export function entityListReads(listName: string, fields: readonly FormLogicField[]): EntityListReads {
  const names = new Set([listName.toLowerCase(), `${listName.toLowerCase()}.csv`]);
  const readsList = (file: string) => names.has(file.toLowerCase());
  const model = formModel(fields);
  const answered = (name: string) => {
    const type = model.byName(name)?.field.fieldType;
    return type !== undefined && type !== "calculation";
  };
  let reads: EntityListReads = "none";
  const found = (byId: boolean) => {
    if (!byId) reads = "all";
    else if (reads === "none") reads = "byId";
  };
  const visit = (node: Expression): void => {
    if (node.kind === "lookup") {
      if (readsList(node.file)) {
        const filter = node.filter;
        found(
          filter?.kind === "binary" &&
            filter.operator === "=" &&
            ((isIdColumn(filter.left) && answeredKey(filter.right, answered)) ||
              (isIdColumn(filter.right) && answeredKey(filter.left, answered))),
        );
      }
      if (node.filter) visit(node.filter);
    } else if (node.kind === "call") {
      const [file, , keyColumn, key] = node.args;
      if (node.name === "pulldata" && file?.kind === "literal" && readsList(String(file.value)))
        found(keyColumn?.kind === "literal" && keyColumn.value === "name" && answeredKey(key, answered));
      node.args.forEach(visit);
    } else if (node.kind === "negate") visit(node.operand);
    else if (node.kind === "binary") {
      visit(node.left);
      visit(node.right);
    }
  };
  for (const node of model.fields)
    for (const parsed of Object.values(node.expressions)) if (parsed?.ok) visit(parsed.expression);
  return reads;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id-shaped text among answers (repeat entries included): a superset of the entities they name. */
export function answeredIds(answers: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      if (UUID.test(value)) ids.add(value.toLowerCase());
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(visit);
  };
  answers.forEach(visit);
  return ids;
}
