import { z } from "zod";
import { FIELD_TYPES } from "./field-types.ts";

/**
 * The details of FIELD_TYPE_LOCKED: each field whose type a save tried to change although records already answer
 * it, with its place in the submitted list (`fields.N.fieldType`) so the designer can show the reason on the field.
 */
export const fieldTypeLockDetailsSchema = z.object({
  fieldIds: z.array(z.string()),
  fields: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      path: z.string(),
      storedType: z.enum(FIELD_TYPES),
      requestedType: z.enum(FIELD_TYPES),
    }),
  ),
});
export type FieldTypeLockDetails = z.output<typeof fieldTypeLockDetailsSchema>;
