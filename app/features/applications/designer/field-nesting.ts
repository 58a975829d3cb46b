import { isContainerType, type FieldType } from "../../../../shared/fields/field-types.ts";

/**
 * Moves in a form whose sections and repeats hold fields. The list stays flat (positions are global), and every
 * container is followed by its children: each move here keeps that true, so a container always moves with them.
 */
export interface NestableField {
  id: string;
  fieldType: FieldType;
  name: string;
  parentName: string | null;
}

/** Names compare case-insensitively, as the form's uniqueness rule does. */
export function sameName(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}

export function isContainer(field: NestableField): boolean {
  return isContainerType(field.fieldType);
}

/** Whether `field` sits inside `container`, at any depth (a parent loop stops the walk). */
export function isInside<T extends NestableField>(fields: readonly T[], field: T, container: T): boolean {
  const seen = new Set<T>();
  for (let parent = parentOf(fields, field); parent && !seen.has(parent); parent = parentOf(fields, parent)) {
    if (parent === container) return true;
    seen.add(parent);
  }
  return false;
}

function parentOf<T extends NestableField>(fields: readonly T[], field: T): T | undefined {
  return field.parentName === null
    ? undefined
    : fields.find((candidate) => isContainer(candidate) && sameName(candidate.name, field.parentName));
}

/** The first index after a field's block: the field itself, and for a container everything inside it. */
function blockEnd<T extends NestableField>(fields: readonly T[], index: number): number {
  const field = fields[index];
  if (!field || !isContainer(field)) return index + 1;
  let end = index + 1;
  while (end < fields.length && isInside(fields, fields[end] as T, field)) end += 1;
  return end;
}

/** The index of the top-level block holding a row: a child's container, else the row itself. */
function rootIndex<T extends NestableField>(fields: readonly T[], index: number): number {
  const parent = fields[index]?.parentName ?? null;
  if (parent === null) return index;
  const container = fields.findIndex((field) => isContainer(field) && sameName(field.name, parent));
  return container < 0 ? index : container;
}

export function childrenOf<T extends NestableField>(fields: readonly T[], container: T): T[] {
  return fields.filter((field) => sameName(field.parentName, container.name));
}

function withParent<T extends NestableField>(field: T, parentName: string | null): T {
  return { ...field, parentName };
}

/** Removes rows [start, end) and inserts them before the row that was at `before` (an index of the input list). */
function relocate<T>(fields: readonly T[], start: number, end: number, before: number): T[] {
  const block = fields.slice(start, end);
  const rest = [...fields.slice(0, start), ...fields.slice(end)];
  const at = before > start ? before - block.length : before;
  rest.splice(at, 0, ...block);
  return rest;
}

function replaceAt<T>(fields: readonly T[], index: number, field: T): T[] {
  return fields.map((candidate, position) => (position === index ? field : candidate));
}

/**
 * One step up or down with the arrow buttons, walking through containers as a tree: a field moving down onto a
 * container enters it as its first child, the last child moving down leaves it; a container skips whole blocks.
 */
export function moveByStep<T extends NestableField>(fields: readonly T[], id: string, direction: -1 | 1): T[] {
  const index = fields.findIndex((field) => field.id === id);
  const field = fields[index];
  if (!field) return [...fields];
  if (isContainer(field)) {
    const end = blockEnd(fields, index);
    if (direction < 0) return index === 0 ? [...fields] : relocate(fields, index, end, rootIndex(fields, index - 1));
    return end >= fields.length ? [...fields] : relocate(fields, index, end, blockEnd(fields, end));
  }
  const neighbour = fields[index + direction];
  // Leaving a container puts the field in the container's own parent (the top level for a top-level container).
  const outerName = parentOf(fields, field)?.parentName ?? null;
  if (direction < 0) {
    if (!neighbour) return [...fields];
    if (field.parentName !== null && isContainer(neighbour) && sameName(neighbour.name, field.parentName))
      return relocate(replaceAt(fields, index, withParent(field, outerName)), index, index + 1, index - 1);
    if (field.parentName === null && (isContainer(neighbour) || neighbour.parentName !== null))
      return replaceAt(
        fields,
        index,
        withParent(field, isContainer(neighbour) ? neighbour.name : neighbour.parentName),
      );
    return relocate(fields, index, index + 1, index - 1);
  }
  if (field.parentName !== null) {
    if (neighbour && sameName(neighbour.parentName, field.parentName))
      return relocate(fields, index, index + 1, index + 2);
    return replaceAt(fields, index, withParent(field, outerName));
  }
  if (!neighbour) return [...fields];
  if (isContainer(neighbour))
    return relocate(replaceAt(fields, index, withParent(field, neighbour.name)), index, index + 1, index + 2);
  return relocate(fields, index, index + 1, index + 2);
}

/**
 * A drop of one row onto another (drag and drop). A container moves with its children before or after the other
 * top-level block. A field takes the place and the container of the row it lands on; landing on a container from
 * above puts it first inside, from below puts it just before the container.
 */
export function moveOnto<T extends NestableField>(fields: readonly T[], activeId: string, overId: string): T[] {
  const from = fields.findIndex((field) => field.id === activeId);
  const to = fields.findIndex((field) => field.id === overId);
  const active = fields[from];
  const over = fields[to];
  if (!active || !over || from === to) return [...fields];
  const down = from < to;
  // A container cannot land inside itself: its own block is where it already is.
  if (isInside(fields, over, active)) return [...fields];
  if (isContainer(active)) {
    const root = rootIndex(fields, to);
    if (root === from) return [...fields];
    return relocate(fields, from, blockEnd(fields, from), down ? blockEnd(fields, root) : root);
  }
  const parentName = isContainer(over) ? (down ? over.name : null) : over.parentName;
  return relocate(replaceAt(fields, from, withParent(active, parentName)), from, from + 1, down ? to + 1 : to);
}

/**
 * The "Dentro de" choice: a field (a container with everything inside it) goes last into a container, or out of its
 * container just after it. A container never goes into itself or into one of its own descendants.
 */
export function moveIntoContainer<T extends NestableField>(
  fields: readonly T[],
  id: string,
  parentName: string | null,
): T[] {
  const index = fields.findIndex((field) => field.id === id);
  const field = fields[index];
  if (!field || sameName(field.parentName, parentName)) return [...fields];
  if (parentName === null && field.parentName === null) return [...fields];
  const target = parentName ?? field.parentName;
  const container = fields.findIndex((candidate) => isContainer(candidate) && sameName(candidate.name, target));
  const holder = fields[container];
  if (!holder || holder === field || (parentName !== null && isInside(fields, holder, field))) return [...fields];
  const end = blockEnd(fields, index);
  const moved = replaceAt(fields, index, withParent(field, parentName));
  return relocate(moved, index, end, blockEnd(fields, container));
}

/**
 * Removes a field; a container's children either leave it (they stay where they are, in the container's own parent)
 * or go too, with everything inside them.
 */
export function removeField<T extends NestableField>(
  fields: readonly T[],
  id: string,
  children: "keep" | "remove" = "keep",
): T[] {
  const field = fields.find((candidate) => candidate.id === id);
  if (!field) return [...fields];
  return fields.flatMap((candidate) => {
    if (candidate.id === id) return [];
    if (!isContainer(field) || !isInside(fields, candidate, field)) return [candidate];
    if (children === "remove") return [];
    return sameName(candidate.parentName, field.name) ? [withParent(candidate, field.parentName)] : [candidate];
  });
}

/** How deep a row is shown: once more for every container around it. */
export function depthOf<T extends NestableField>(fields: readonly T[], field: T): number {
  let depth = 0;
  const seen = new Set<T>();
  for (let parent = parentOf(fields, field); parent && !seen.has(parent); parent = parentOf(fields, parent)) {
    seen.add(parent);
    depth += 1;
  }
  return depth;
}
