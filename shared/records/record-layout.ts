/**
 * How a record's fields read outside the collect form (list, record detail, exports, charts, OData, webhooks):
 * which fields hold a top-level answer, which answer inside a repeat's entries (at any depth: a repeat's entry may
 * hold inner repeats), and how sections group the detail. Notes and sections hold no answer; sections are
 * transparent, so a field answers in the entry of its nearest enclosing repeat, or at the top level. A field names
 * its container by `parentName`, and a container may itself have one. A child whose container is not among the
 * fields (a removed section holds no answer, so it is not listed) reads at the top level.
 */
import type { RecordField } from "./answer-format.ts";

export interface RepeatLayout {
  repeat: RecordField;
  /** What each entry answers (inner repeats included: their answer is their entries), live first, then removed. */
  children: RecordField[];
  /** The repeats among `children`, each with its own layout. */
  repeats: RepeatLayout[];
}

export interface RecordLayout {
  /** The fields answered at the top level (repeats included: their answer is the entries). */
  answered: RecordField[];
  /** The top-level repeats; inner ones hang from their parent's `repeats`. */
  repeats: RepeatLayout[];
}

/** A repeat at any depth with the repeats enclosing it: `chain` runs from the top-level repeat to this one. */
export interface RepeatLevel {
  layout: RepeatLayout;
  chain: RecordField[];
}

export type DetailItem =
  | { kind: "answer"; field: RecordField }
  /** `items`: the outline of one entry (its answers, sections and inner repeats). */
  | { kind: "repeat"; field: RecordField; items: DetailItem[] }
  | { kind: "section"; field: RecordField; items: DetailItem[] };

const NO_ANSWER = new Set(["note", "section"]);

const isContainer = (field: RecordField) => field.fieldType === "section" || field.fieldType === "repeat";

/** Container name (case-insensitive, as names are unique) → container; a live container wins over a removed one. */
function containersByName(fields: readonly RecordField[]): Map<string, RecordField> {
  const containers = new Map<string, RecordField>();
  for (const field of fields) {
    if (!isContainer(field)) continue;
    const key = field.name.toLowerCase();
    const known = containers.get(key);
    if (!known || (known.removed && !field.removed)) containers.set(key, field);
  }
  return containers;
}

/**
 * The containers holding `field`, nearest first. A chain that comes back to the field (a cycle no valid form has)
 * is cut: the field then reads at the top level rather than vanishing with its loop.
 */
function ancestorsOf(field: RecordField, containers: Map<string, RecordField>): RecordField[] {
  const ancestors: RecordField[] = [];
  let parent = field.parentName === null ? undefined : containers.get(field.parentName.toLowerCase());
  while (parent && !ancestors.includes(parent)) {
    if (parent === field) return [];
    ancestors.push(parent);
    parent = parent.parentName === null ? undefined : containers.get(parent.parentName.toLowerCase());
  }
  return ancestors;
}

/** The repeat whose entries hold the field's answer; undefined at the top level. */
function enclosingRepeat(field: RecordField, containers: Map<string, RecordField>): RecordField | undefined {
  return ancestorsOf(field, containers).find((container) => container.fieldType === "repeat");
}

/** Where each field answers, and each repeat's layout, as a tree from the top level down. */
export function recordLayout(fields: readonly RecordField[]): RecordLayout {
  const containers = containersByName(fields);
  const answered: RecordField[] = [];
  const children = new Map<RecordField, RecordField[]>();
  for (const field of fields) {
    if (NO_ANSWER.has(field.fieldType)) continue;
    const repeat = enclosingRepeat(field, containers);
    if (repeat) children.set(repeat, [...(children.get(repeat) ?? []), field]);
    else answered.push(field);
  }
  const layoutOf = (repeat: RecordField): RepeatLayout => {
    const of = children.get(repeat) ?? [];
    return { repeat, children: of, repeats: of.filter((child) => child.fieldType === "repeat").map(layoutOf) };
  };
  return { answered, repeats: answered.filter((field) => field.fieldType === "repeat").map(layoutOf) };
}

/** Every repeat of the tree, outer before inner (a table's parent rows come before its own), in form order. */
export function repeatLevels(repeats: readonly RepeatLayout[], enclosing: RecordField[] = []): RepeatLevel[] {
  return repeats.flatMap((layout) => {
    const chain = [...enclosing, layout.repeat];
    return [{ layout, chain }, ...repeatLevels(layout.repeats, chain)];
  });
}

/**
 * The record detail's outline in form order: answers, repeats (each with the outline of one entry) and sections
 * holding their items, at any depth. Notes are left out, and so are sections with nothing to show.
 */
export function detailItems(fields: readonly RecordField[]): DetailItem[] {
  const containers = containersByName(fields);
  const items = new Map<RecordField, DetailItem>();
  for (const field of fields) {
    if (field.fieldType === "note") continue;
    items.set(
      field,
      isContainer(field)
        ? { kind: field.fieldType === "repeat" ? "repeat" : "section", field, items: [] }
        : { kind: "answer", field },
    );
  }
  const top: DetailItem[] = [];
  // Attached after all items exist, so a child listed before its container (a removed one) still finds it.
  for (const [field, item] of items) {
    const container = ancestorsOf(field, containers)[0];
    const holder = container ? items.get(container) : undefined;
    if (holder && holder.kind !== "answer") holder.items.push(item);
    else top.push(item);
  }
  return withoutEmptySections(top);
}

function withoutEmptySections(items: DetailItem[]): DetailItem[] {
  return items.flatMap((item): DetailItem[] => {
    if (item.kind === "answer") return [item];
    const inner = withoutEmptySections(item.items);
    return item.kind === "section" && inner.length === 0 ? [] : [{ ...item, items: inner }];
  });
}

/** A repeat answer's entries (anything but an object in the list is not an entry). */
export function repeatEntries(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null && !Array.isArray(entry),
  );
}
