/**
 * How a record's fields read outside the collect form (list, record detail, exports, charts): which fields hold a
 * top-level answer, which belong to a repeat's entries, and how sections group the detail. Notes and sections hold
 * no answer. A field names its container by `parentName` (one level: containers are top-level); a child whose
 * container is not among the fields (a removed section holds no answer, so it is not listed) reads at the top level.
 */
import type { RecordField } from "./answer-format.ts";

export interface RepeatLayout {
  repeat: RecordField;
  /** The repeat's answered fields, live ones first (form order), then removed ones. */
  children: RecordField[];
}

export type DetailItem =
  | { kind: "answer"; field: RecordField }
  | { kind: "repeat"; field: RecordField; children: RecordField[] }
  | { kind: "section"; field: RecordField; items: DetailItem[] };

const NO_ANSWER = new Set(["note", "section"]);

/** Container name (case-insensitive, as names are unique) → container; a live container wins over a removed one. */
function containersByName(fields: readonly RecordField[]): Map<string, RecordField> {
  const containers = new Map<string, RecordField>();
  for (const field of fields) {
    if (field.fieldType !== "section" && field.fieldType !== "repeat") continue;
    const key = field.name.toLowerCase();
    const known = containers.get(key);
    if (!known || (known.removed && !field.removed)) containers.set(key, field);
  }
  return containers;
}

function containerOf(field: RecordField, containers: Map<string, RecordField>): RecordField | undefined {
  if (field.parentName === null || field.fieldType === "section" || field.fieldType === "repeat") return undefined;
  return containers.get(field.parentName.toLowerCase());
}

/** The fields answered at the top level (repeats included: their answer is the entries), and each repeat's children. */
export function recordLayout(fields: readonly RecordField[]): { answered: RecordField[]; repeats: RepeatLayout[] } {
  const containers = containersByName(fields);
  const answered: RecordField[] = [];
  const children = new Map<RecordField, RecordField[]>();
  for (const field of fields) {
    if (NO_ANSWER.has(field.fieldType)) continue;
    const container = containerOf(field, containers);
    if (container?.fieldType === "repeat") children.set(container, [...(children.get(container) ?? []), field]);
    else answered.push(field);
  }
  const repeats = answered
    .filter((field) => field.fieldType === "repeat")
    .map((repeat) => ({ repeat, children: children.get(repeat) ?? [] }));
  return { answered, repeats };
}

/**
 * The record detail's outline in form order: answers, repeats (with their children) and sections holding their
 * answers and repeats. Notes are left out, and so are sections with nothing to show.
 */
export function detailItems(fields: readonly RecordField[]): DetailItem[] {
  const containers = containersByName(fields);
  const { repeats } = recordLayout(fields);
  const repeatChildren = new Map(repeats.map(({ repeat, children }) => [repeat, children]));
  const sectionItems = new Map<RecordField, DetailItem[]>();
  const top: DetailItem[] = [];
  for (const field of fields) {
    if (field.fieldType === "note") continue;
    const container = containerOf(field, containers);
    if (container?.fieldType === "repeat") continue;
    let item: DetailItem;
    if (field.fieldType === "section") {
      const items: DetailItem[] = [];
      sectionItems.set(field, items);
      item = { kind: "section", field, items };
    } else if (field.fieldType === "repeat") {
      item = { kind: "repeat", field, children: repeatChildren.get(field) ?? [] };
    } else {
      item = { kind: "answer", field };
    }
    const holder = container ? sectionItems.get(container) : undefined;
    // A child listed before its section (a removed child of a live section comes last, so this is only defensive).
    (holder ?? top).push(item);
  }
  return top.filter((item) => item.kind !== "section" || item.items.length > 0);
}

/** A repeat answer's entries (anything but an object in the list is not an entry). */
export function repeatEntries(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null && !Array.isArray(entry),
  );
}
