import type { FieldErrorKey } from "../../../../shared/fields/field-errors.ts";

/** Parses a bound typed in the editor; a comma counts as the decimal separator (pt-BR). */
export function parseBound(text: string): { value: number | null } | { error: FieldErrorKey } {
  const trimmed = text.trim();
  if (trimmed === "") return { value: null };
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? { value } : { error: "invalidNumberField" };
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
