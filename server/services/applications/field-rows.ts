import type { NewField } from "../../db/queries/form-fields.ts";
import type { DesignedField } from "../../../shared/fields/field-config.ts";

/** The stored row of a designed field; the position is its place in the submitted list (re-numbered from 0). */
export function toFieldRow(applicationId: string, field: DesignedField, position: number): NewField {
  return {
    applicationId,
    fieldType: field.fieldType,
    label: field.label,
    name: field.name,
    parentName: field.parentName,
    position,
    category: field.category,
    config: { ...field.config },
  };
}
