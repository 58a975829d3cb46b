/** A calculation's value as the form logic computes it; null while it cannot be computed (an empty input). */
export type ComputedValue = string | number | boolean | null;

/**
 * What the live form logic tells the screen, by answer path: a field's id, or `repeatId.index.childId` for a child
 * in a repeat entry, `outer.0.inner.1.childId` deeper down (the same keys validateRecord uses for errors).
 */
export interface FormView {
  isVisible: (path: string) => boolean;
  calculation: (path: string) => ComputedValue;
  /** The options a choice field with a choice filter offers now; undefined when it offers all of its own. */
  offeredOptions: (path: string) => readonly string[] | undefined;
  /** The entries a repeat with a `repeat_count` must hold now, by its path; undefined when the collector chooses. */
  requiredCount: (path: string) => number | undefined;
  /** Whether the answer at this path is required now (a `requiredWhen` condition followed live). */
  isRequired: (path: string) => boolean;
}

export interface EntryStep {
  repeatId: string;
  index: number;
}

export interface AnswerAddress {
  /** The entry of each repeat on the way down, outermost first ([] at the top level). */
  steps: EntryStep[];
  fieldId: string;
}

/** The parts of an answer path (`fieldId`, `repeatId.index.fieldId`, `outer.0.inner.1.fieldId`…); null if malformed. */
export function parseAnswerPath(path: string): AnswerAddress | null {
  const parts = path.split(".");
  const fieldId = parts.at(-1);
  if (fieldId === undefined || fieldId === "" || parts.length % 2 === 0) return null;
  const steps: EntryStep[] = [];
  for (let at = 0; at + 1 < parts.length; at += 2) {
    const index = Number(parts[at + 1]);
    const repeatId = parts[at] ?? "";
    if (repeatId === "" || !Number.isInteger(index) || index < 0) return null;
    steps.push({ repeatId, index });
  }
  return { steps, fieldId };
}

/** The top-level block an answer path sits in: its outermost repeat, or the field itself. */
export function rootOfPath(path: string): string {
  return path.split(".")[0] ?? path;
}
