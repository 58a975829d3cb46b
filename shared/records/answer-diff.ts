import type { RecordField } from "./answer-format.ts";

/** One answer that differs between two versions of a record. Absent answers are null on their side. */
export interface AnswerChange {
  /** The field whose answer changed: inside a repeat, the child field. */
  fieldId: string;
  /** The field as the data page knows it; a field no longer in the form reads as removed, labelled by its id. */
  field: RecordField;
  /** Set when the answer belongs to an entry of a repeat group (index counts from 0): the innermost one. */
  repeat?: EntryRef;
  /** The entries enclosing `repeat` when it is nested, outermost first (absent at one level). */
  within?: EntryRef[];
  before: unknown;
  after: unknown;
}

export interface EntryRef {
  fieldId: string;
  label: string;
  index: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Entry = Record<string, unknown>;

function entriesOf(value: unknown): Entry[] | null {
  if (!Array.isArray(value)) return null;
  return value.every((entry) => typeof entry === "object" && entry !== null && !Array.isArray(entry))
    ? (value as Entry[])
    : null;
}

/** Keys in form order first, then any the form does not know (answers of fields deleted for good). */
function orderedKeys(order: ReadonlyMap<string, number>, ...objects: Entry[]): string[] {
  const keys = [...new Set(objects.flatMap((object) => Object.keys(object)))];
  const rank = (key: string) => order.get(key) ?? Number.MAX_SAFE_INTEGER;
  return keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The per-field difference between two versions of a record's answers, in form order. A repeat group is compared
 * entry by entry and child by child (inner repeats too, at any depth), so one changed answer in entry 3 reads as
 * that one change; media answers compare by their reference (a new photo is a change, the same photo is not).
 */
export function diffAnswers(fields: readonly RecordField[], before: Entry, after: Entry): AnswerChange[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const order = new Map(fields.map((field, index) => [field.id, index]));
  const fieldOf = (id: string): RecordField =>
    byId.get(id) ?? { id, label: id, name: id, parentName: null, fieldType: "text", config: {}, removed: true };
  const changes: AnswerChange[] = [];
  /** `path`: the entries holding these two answer objects, outermost first. */
  const compare = (old: Entry, next: Entry, path: EntryRef[]) => {
    for (const key of orderedKeys(order, old, next)) {
      const field = fieldOf(key);
      if (same(old[key], next[key])) continue;
      const beforeEntries = entriesOf(old[key] ?? []);
      const afterEntries = entriesOf(next[key] ?? []);
      if (field.fieldType !== "repeat" || !beforeEntries || !afterEntries) {
        const repeat = path.at(-1);
        changes.push({
          fieldId: key,
          field,
          ...(repeat ? { repeat } : {}),
          ...(path.length > 1 ? { within: path.slice(0, -1) } : {}),
          before: old[key] ?? null,
          after: next[key] ?? null,
        });
        continue;
      }
      const count = Math.max(beforeEntries.length, afterEntries.length);
      for (let index = 0; index < count; index++)
        compare(beforeEntries[index] ?? {}, afterEntries[index] ?? {}, [
          ...path,
          { fieldId: key, label: field.label, index },
        ]);
    }
  };
  compare(before, after, []);
  return changes;
}
