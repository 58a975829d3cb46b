import { designedFieldSchema, type FormLogicField } from "../fields/field-config.ts";

/** A field for the form-logic tests: its name (also its id and label), type, container and config. */
export type Spec = { name: string; fieldType: FormLogicField["fieldType"]; parentName?: string; config?: object };

/** Fields with ids = names and every config default filled, as stored forms give them. */
export function form(...specs: Spec[]): FormLogicField[] {
  return specs.map((spec, position) => {
    const parsed = designedFieldSchema.parse({
      fieldType: spec.fieldType,
      label: spec.name,
      name: spec.name,
      parentName: spec.parentName ?? null,
      position,
      config: spec.config ?? {},
    });
    return { ...parsed, id: spec.name, name: spec.name };
  });
}
