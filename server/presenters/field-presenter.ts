import type { FieldRow } from "../db/queries/form-fields.ts";
import type { ApplicationField } from "../../shared/applications/application-dtos.ts";

/** A form field as the API sends it (removed fields never leave through here: deleted_at stays internal). */
export function presentField(field: FieldRow): ApplicationField {
  return {
    id: field.id,
    applicationId: field.applicationId,
    fieldType: field.fieldType,
    label: field.label,
    name: field.name,
    parentName: field.parentName,
    position: field.position,
    category: field.category,
    config: field.config,
    createdAt: field.createdAt.toISOString(),
    updatedAt: field.updatedAt.toISOString(),
  };
}
