import { isContainerType } from "../../../../shared/fields/field-types.ts";
import type { DesignerField } from "./designer-fields.ts";
import { isInside, sameName } from "./field-nesting.ts";
import { operatorsFor, type ConditionSource } from "./show-when.ts";

/**
 * The fields a "Mostrar quando" condition of `selfId` may compare: answered fields other than itself and its own
 * children. A repeat's children count only from inside that repeat (outside, they are a list of answers).
 */
export function conditionSources(
  fields: readonly DesignerField[],
  selfId: string,
): (ConditionSource & { label: string })[] {
  const self = fields.find((field) => field.id === selfId);
  const repeats = new Set(
    fields.filter((field) => field.fieldType === "repeat").map((field) => field.name.toLowerCase()),
  );
  return fields
    .filter((field) => {
      if (field.id === selfId || operatorsFor(field.fieldType).length === 0) return false;
      if (self && sameName(field.parentName, self.name)) return false;
      const inRepeat = field.parentName !== null && repeats.has(field.parentName.toLowerCase());
      return !inRepeat || sameName(field.parentName, self?.parentName ?? null);
    })
    .map((field) => ({
      name: field.name,
      label: field.label.trim() || field.name,
      fieldType: field.fieldType,
      ...(field.config.options ? { options: field.config.options } : {}),
    }));
}

/** The sections and repeats a field can be placed in ("Dentro de"). */
export function placementTargets(fields: readonly DesignerField[], selfId?: string): { name: string; label: string }[] {
  // A container may go into another one, never into itself or one of its own descendants.
  const self = fields.find((field) => field.id === selfId);
  return fields
    .filter((field) => isContainerType(field.fieldType) && field !== self && !(self && isInside(fields, field, self)))
    .map((field) => ({ name: field.name, label: field.label.trim() || field.name }));
}
