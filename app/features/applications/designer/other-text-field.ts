import { OTHER_FIELD_SUFFIX, otherTextRelevant } from "../../../../shared/fields/appearances.ts";
import { TEMPORARY_FIELD_ID_PREFIX } from "../../../../shared/fields/field-config.ts";
import type { DesignerField } from "./designer-fields.ts";

/**
 * Turning on "Outro" (XLSForm `or_other`) on a select adds, as pyxform does, the text `<name>_other` right after
 * it, shown while "other" is chosen; null when the select needs none or the form already has that field.
 */
export function otherTextFieldFor(
  select: DesignerField,
  fields: readonly DesignerField[],
  label: string,
): { field: DesignerField; index: number } | null {
  const multiple = select.fieldType === "multiple_choice";
  if ((select.fieldType !== "single_choice" && !multiple) || select.config.orOther !== true) return null;
  const name = `${select.name}${OTHER_FIELD_SUFFIX}`;
  if (fields.some((field) => field.name.toLowerCase() === name.toLowerCase())) return null;
  const at = fields.findIndex((field) => field.id === select.id);
  return {
    index: at === -1 ? fields.length : at + 1,
    field: {
      id: `${TEMPORARY_FIELD_ID_PREFIX}${crypto.randomUUID()}`,
      fieldType: "text",
      label,
      name,
      parentName: select.parentName,
      config: { format: "plain", relevant: otherTextRelevant(select.name, multiple) },
    },
  };
}
