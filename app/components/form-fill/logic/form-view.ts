/** A calculation's value as the form logic computes it; null while it cannot be computed (an empty input). */
export type ComputedValue = string | number | boolean | null;

/**
 * What the live form logic tells the screen, by answer path: a field's id, or `repeatId.index.childId` for a child
 * in a repeat entry (the same keys validateRecord uses for errors).
 */
export interface FormView {
  isVisible: (path: string) => boolean;
  calculation: (path: string) => ComputedValue;
  /** The options a choice field with a choice filter offers now; undefined when it offers all of its own. */
  offeredOptions: (path: string) => readonly string[] | undefined;
}

export function entryPath(repeatId: string, index: number, childId: string): string {
  return `${repeatId}.${index}.${childId}`;
}

export interface EntryAddress {
  repeatId: string;
  index: number;
  childId: string;
}

/** The parts of an entry path; null for a top-level field id. */
export function parseEntryPath(path: string): EntryAddress | null {
  const [repeatId, index, childId, ...rest] = path.split(".");
  if (repeatId === undefined || index === undefined || childId === undefined || rest.length > 0) return null;
  const position = Number(index);
  return Number.isInteger(position) && position >= 0 ? { repeatId, index: position, childId } : null;
}
