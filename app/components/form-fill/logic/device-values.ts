import { isDeviceCalculation } from "../../../../shared/fields/held-calculations.ts";
import { deviceAnswers } from "../../../../shared/forms/device-calculations.ts";
import type { FormShape } from "./form-structure.ts";
import { buildAnswers, formValueOf, valueAt, withValueAt, type FormValues } from "./form-values.ts";

/** What the phone alone knows of a record being saved: when the collector opened it, and on what. */
export interface DeviceContext {
  now: Date;
  startedAt: Date;
  deviceInfo: string;
}

/**
 * The values with each calculation that reads the phone (`duration()`, `device-info()`) computed where it is still
 * empty. Like the metadata of the first collection, a value once saved stays when the record is edited: it
 * describes the collection, not the edit.
 */
export function withDeviceValues(shape: FormShape, values: FormValues, context: DeviceContext): FormValues {
  if (!shape.fields.some(isDeviceCalculation)) return values;
  const byId = new Map(shape.fields.map((field) => [field.id, field]));
  const options = { ...context, ...(shape.tables ? { tables: shape.tables } : {}) };
  let next = values;
  for (const set of deviceAnswers(shape.fields, buildAnswers(shape, values), options)) {
    const field = byId.get(set.fieldId);
    const stored = valueAt(values, set.key);
    if (!field || (stored !== undefined && stored !== null && stored !== "")) continue;
    next = withValueAt(next, set.key, formValueOf(field, set.answer) ?? null);
  }
  return next;
}
