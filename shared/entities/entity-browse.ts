import { z } from "zod";
import { safeString } from "../text/safe-text.ts";
import { ENTITY_LABEL_MAX, entityPointSchema, entityPropertyNameSchema, entityValueSchema } from "./entity-schemas.ts";
import { entityListSchema, entitySchema, type EntityDto, type EntityListDto } from "./entity-dtos.ts";

/** How an entity came to be: the source of its first version (a form's record, a CSV upload or the API). */
export const ENTITY_ORIGINS = ["record", "upload", "api"] as const;
export type EntityOrigin = (typeof ENTITY_ORIGINS)[number];

export const ENTITY_PAGE_SIZE = 50;
export const ENTITY_PAGE_MAX = 500;
export const ENTITY_SEARCH_MAX = 200;
/** The entity map draws at most this many places; a list with more says so and asks for a narrower filter. */
export const ENTITY_MAP_MAX = 10_000;

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/** The entity page's filters, as query parameters (GET …/entity-page and …/entity-map, and the exports). */
export const entityFilterSchema = z.object({
  /** Words found in the label or any property value (case and accents ignored). */
  q: safeString().trim().max(ENTITY_SEARCH_MAX).optional(),
  conflict: flag.optional(),
  origin: z.enum(ENTITY_ORIGINS).optional(),
});
export type EntityFilter = z.output<typeof entityFilterSchema>;

export const entityPageQuerySchema = entityFilterSchema.extend({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ENTITY_PAGE_MAX).default(ENTITY_PAGE_SIZE),
});
export type EntityPageQuery = z.output<typeof entityPageQuerySchema>;

export const ENTITY_EXPORT_FORMATS = ["csv", "xlsx", "geojson"] as const;
export type EntityExportFormat = (typeof ENTITY_EXPORT_FORMATS)[number];

/** GET …/entity-export: the filters, the format, and the language of the Excel file's parts. */
export const entityExportQuerySchema = entityFilterSchema.extend({
  format: z.enum(ENTITY_EXPORT_FORMATS).default("csv"),
  lang: z.string().max(20).optional(),
});

export interface EntityPageDto {
  list: EntityListDto;
  entities: EntityDto[];
  /** Entities matching the filters, over all pages. */
  total: number;
}

/** One place on the entity map. */
export interface EntityPointDto {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  conflict: boolean;
}

export interface EntityMapDto {
  points: EntityPointDto[];
  /** More entities with a place match than the map draws (ENTITY_MAP_MAX). */
  truncated: boolean;
}

/**
 * POST /api/applications/:id/entities: an entity made through the API. `id` lets a client retry without making it
 * twice (the same id answers the entity already made).
 */
export const entityCreateSchema = z.object({
  id: z.uuid().optional(),
  label: safeString().trim().min(1, "labelRequired").max(ENTITY_LABEL_MAX, "labelTooLong"),
  properties: z.record(entityPropertyNameSchema, entityValueSchema).default({}),
  location: entityPointSchema.nullable().optional(),
});
export type EntityCreateInput = z.output<typeof entityCreateSchema>;

export const entityPageSchema: z.ZodType<EntityPageDto> = z.object({
  list: entityListSchema,
  entities: z.array(entitySchema),
  total: z.number(),
});

export const entityMapSchema: z.ZodType<EntityMapDto> = z.object({
  points: z.array(
    z.object({ id: z.string(), label: z.string(), latitude: z.number(), longitude: z.number(), conflict: z.boolean() }),
  ),
  truncated: z.boolean(),
});
