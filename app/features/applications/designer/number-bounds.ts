import type { FieldErrorKey } from "../../../../shared/fields/field-errors.ts";
import { readNumberText } from "../../../../shared/fields/number-text.ts";

/** Parses a bound typed in the editor, with the collect form's rules for typed numbers (`12,5` or `12.5`). */
export function parseBound(text: string): { value: number | null } | { error: FieldErrorKey } {
  const read = readNumberText(text);
  if (read.kind === "empty") return { value: null };
  return read.kind === "number" ? { value: read.value } : { error: "invalidNumberField" };
}

export interface BoundsCheck {
  min: number | null;
  max: number | null;
  minError?: FieldErrorKey;
  maxError?: FieldErrorKey;
}

/** Both bounds optional; each must be a number, and min ≤ max when both are set. */
export function checkBounds(minText: string, maxText: string): BoundsCheck {
  const min = parseBound(minText);
  const max = parseBound(maxText);
  const result: BoundsCheck = { min: "value" in min ? min.value : null, max: "value" in max ? max.value : null };
  if ("error" in min) result.minError = min.error;
  if ("error" in max) result.maxError = max.error;
  if (!result.minError && !result.maxError && result.min !== null && result.max !== null && result.min > result.max) {
    result.maxError = "minGreaterThanMax";
  }
  return result;
}
