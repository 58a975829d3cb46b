import { z } from "zod";
import { FIELD_NAME_PATTERN } from "../fields/field-config.ts";
import { EXPRESSION_MAX } from "../expressions/parse-expression.ts";
import { safeString } from "../text/safe-text.ts";

/** What a property holds; exports and the picker's search read values by it. */
export const ENTITY_PROPERTY_TYPES = ["text", "number", "date"] as const;
export type EntityPropertyType = (typeof ENTITY_PROPERTY_TYPES)[number];

export const ENTITY_LIST_NAME_MAX = 120;
export const ENTITY_LIST_PROPERTIES_MAX = 100;
export const ENTITY_LABEL_MAX = 500;
export const ENTITY_VALUE_MAX = 10_000;

/**
 * ODK's rule for entity property names (a valid XML name, not `name` or `label`, no `__` prefix), so a list
 * travels to XLSForm's `save_to` and back unchanged.
 */
const RESERVED_PROPERTY_NAMES = new Set(["name", "label"]);
export const entityPropertyNameSchema = z
  .string({ error: "invalidPropertyName" })
  .regex(FIELD_NAME_PATTERN, "invalidPropertyName")
  .refine((name) => !RESERVED_PROPERTY_NAMES.has(name.toLowerCase()) && !name.startsWith("__"), {
    error: "invalidPropertyName",
  });

export const entityPropertySchema = z.object({
  name: entityPropertyNameSchema,
  type: z.enum(ENTITY_PROPERTY_TYPES, "invalidPropertyType"),
});
export type EntityProperty = z.output<typeof entityPropertySchema>;

/** POST /api/applications/:id/entity-lists: a list of the application owner's. */
export const entityListInputSchema = z.object({
  name: safeString({ error: "listNameRequired" })
    .trim()
    .min(1, "listNameRequired")
    .max(ENTITY_LIST_NAME_MAX, "listNameTooLong"),
  properties: z
    .array(entityPropertySchema)
    .max(ENTITY_LIST_PROPERTIES_MAX, "tooManyProperties")
    .refine((list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length, {
      error: "duplicatePropertyName",
    }),
});
export type EntityListInput = z.output<typeof entityListInputSchema>;

const fieldNameSchema = z.string().regex(FIELD_NAME_PATTERN, "invalidFieldName");

/**
 * XLSForm's `create_if` (on a create) or `update_if` (on an update): an expression of the form's answers; a record
 * for which it is false creates or updates no entity. Absent: every record does.
 */
const conditionSchema = z.string().trim().min(1).max(EXPRESSION_MAX);

/** Property name → the name of the question whose answer is saved to it (XLSForm's `save_to`). */
const savesSchema = z.record(entityPropertyNameSchema, fieldNameSchema);

/**
 * What a form does with an entity list (XLSForm's `entities` sheet): each record creates an entity (its id is the
 * record's id, so a phone knows it before syncing) labelled by one answer, or updates the entity its `entity`
 * question picked. `saves` maps properties to answers both ways: saved from the record, and on a follow-up form
 * the answers are prefilled from the picked entity.
 */
export const entityActionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("create"),
      listId: z.uuid(),
      labelField: fieldNameSchema,
      /** A gps question whose answer places the entity; else the record's own location. */
      geometryField: fieldNameSchema.optional(),
      saves: savesSchema,
      condition: conditionSchema.optional(),
    }),
    z.object({
      kind: z.literal("update"),
      listId: z.uuid(),
      /** The `entity` question that picks which entity the record updates. */
      entityField: fieldNameSchema,
      saves: savesSchema,
      condition: conditionSchema.optional(),
    }),
  ],
  { error: "invalidEntityAction" },
);
export type EntityAction = z.output<typeof entityActionSchema>;

export const entityValueSchema = z.union([z.string().max(ENTITY_VALUE_MAX), z.number(), z.null()]);
export type EntityValue = z.output<typeof entityValueSchema>;
export type EntityValues = Record<string, EntityValue>;

export const entityPointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type EntityPoint = z.output<typeof entityPointSchema>;

/** A conflict's resolution: the value kept for each property (and the label), from the current version. */
export const entityResolutionSchema = z.object({
  /** The version the administrator looked at: a newer one means they resolve something they have not seen. */
  version: z.int().min(1),
  label: safeString().trim().min(1, "labelRequired").max(ENTITY_LABEL_MAX, "labelTooLong"),
  properties: z.record(entityPropertyNameSchema, entityValueSchema),
});
export type EntityResolution = z.output<typeof entityResolutionSchema>;
