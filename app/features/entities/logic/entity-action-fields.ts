import type { ApplicationField } from "../../../../shared/applications/application-dtos.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import type { EntityPropertyType } from "../../../../shared/entities/entity-schemas.ts";

/**
 * The question types whose answer a property of each type can hold, so the mapping offers only questions that
 * make sense (a number property never gets a photo). A calculation may compute any of them.
 */
const FITTING_TYPES: Record<EntityPropertyType, readonly FieldType[]> = {
  text: ["text", "single_choice", "email", "phone", "url", "barcode", "time", "hidden", "calculation"],
  number: ["number", "range", "calculation"],
  date: ["date", "calculation"],
};

/** The server reads only top-level questions (not inside a section or repeat) for the form's entity action. */
function topLevel(fields: readonly ApplicationField[]): ApplicationField[] {
  return fields.filter((field) => field.parentName === null);
}

export function fieldsFitting(fields: readonly ApplicationField[], type: EntityPropertyType): ApplicationField[] {
  return topLevel(fields).filter((field) => FITTING_TYPES[type].includes(field.fieldType));
}

export function fieldsOfType(fields: readonly ApplicationField[], type: FieldType): ApplicationField[] {
  return topLevel(fields).filter((field) => field.fieldType === type);
}
