import type { FieldRow } from "../../db/queries/form-fields.ts";
import { FIELD_CONFIG_SCHEMAS, type FormLogicField } from "../../../shared/fields/field-config.ts";
import { isFieldType } from "../../../shared/fields/field-types.ts";

/** A stored field as record validation sees it; null when its stored type or config is not valid any more. */
export function toValidatableField(
  row: Pick<FieldRow, "id" | "name" | "parentName" | "label"> & { fieldType: string; config: unknown },
): FormLogicField | null {
  if (!isFieldType(row.fieldType)) return null;
  const config = FIELD_CONFIG_SCHEMAS[row.fieldType].safeParse(row.config ?? {});
  if (!config.success) return null;
  // The schema was chosen by the same fieldType, so the pair is one member of the union.
  return {
    id: row.id,
    fieldType: row.fieldType,
    config: config.data,
    name: row.name,
    parentName: row.parentName,
    label: row.label,
  } as FormLogicField;
}
