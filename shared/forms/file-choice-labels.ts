import type { FormTables } from "../expressions/form-table.ts";
import { choicesFileOf, fileChoices } from "./file-choices.ts";

/** Field id → stored name → label, for the answers of one record picked from attached files. */
export type ChoiceLabels = Record<string, Record<string, string>>;

function storedNames(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Every name a record holds for each of the given fields, in its top-level answers and inside repeat entries. */
function collectNames(answers: Record<string, unknown>, fieldIds: ReadonlySet<string>, into: Map<string, Set<string>>) {
  for (const [key, value] of Object.entries(answers)) {
    if (fieldIds.has(key)) {
      const names = into.get(key) ?? new Set<string>();
      for (const name of storedNames(value)) names.add(name);
      into.set(key, names);
    } else if (Array.isArray(value)) {
      for (const entry of value)
        if (entry !== null && typeof entry === "object" && !Array.isArray(entry))
          collectNames(entry as Record<string, unknown>, fieldIds, into);
    }
  }
}

/**
 * The labels of the names a record stores for `select_one_from_file` / `select_multiple_from_file` answers, read
 * from the tables of the form version the record was collected with. A name whose row is gone (or a file that is
 * missing) gets no entry, so the reader sees the stored name.
 */
export function fileChoiceLabels(
  fields: readonly { id: string; config: object }[],
  answers: Record<string, unknown>,
  tables: FormTables,
): ChoiceLabels {
  const files = new Map(
    fields.flatMap((field) => {
      const file = choicesFileOf(field);
      return file === undefined ? [] : [[field.id, file] as const];
    }),
  );
  if (files.size === 0) return {};
  const names = new Map<string, Set<string>>();
  collectNames(answers, new Set(files.keys()), names);
  const labels: ChoiceLabels = {};
  for (const [fieldId, picked] of names) {
    const file = files.get(fieldId);
    const table = file === undefined ? undefined : tables(file);
    if (!table || picked.size === 0) continue;
    const known = fileChoices(table, [...picked]).filter((choice) => choice.label !== choice.name);
    if (known.length > 0) labels[fieldId] = Object.fromEntries(known.map((choice) => [choice.name, choice.label]));
  }
  return labels;
}

/** An answer with its stored names replaced by their labels (names without one stay as stored). */
export function labelledAnswer(value: unknown, labels: Record<string, string> | undefined): unknown {
  if (!labels) return value;
  if (typeof value === "string") return labels[value] ?? value;
  return Array.isArray(value) ? value.map((item) => (typeof item === "string" ? (labels[item] ?? item) : item)) : value;
}
