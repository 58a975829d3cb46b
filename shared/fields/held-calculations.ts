import { parseExpression } from "../expressions/index.ts";
import { callsDeviceFunction } from "../expressions/device-functions.ts";
import { isTriggered } from "./trigger-config.ts";

const deviceCalculations = new WeakMap<object, boolean>();

/**
 * Whether a calculation reads the phone that collects (`duration()`, `device-info()`): the server cannot compute it
 * again, so the value the phone computed on saving is the answer (shared/forms/device-calculations.ts).
 */
export function isDeviceCalculation(field: { fieldType: string; config: object }): boolean {
  if (field.fieldType !== "calculation") return false;
  const known = deviceCalculations.get(field.config);
  if (known !== undefined) return known;
  const source: unknown = Reflect.get(field.config, "calculation");
  const parsed = typeof source === "string" ? parseExpression(source) : undefined;
  const reads = parsed?.ok === true && callsDeviceFunction(parsed.expression);
  deviceCalculations.set(field.config, reads);
  return reads;
}

/**
 * Whether a field's value is set on the phone and then checked as sent rather than recomputed: a triggered value
 * (shared/forms/triggers.ts) or a device calculation.
 */
export function holdsPhoneValue(field: { fieldType: string; config: object }): boolean {
  return isTriggered(field) || isDeviceCalculation(field);
}
