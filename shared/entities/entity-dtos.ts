import { z } from "zod";
import {
  ENTITY_PROPERTY_TYPES,
  entityActionSchema,
  entityValueSchema,
  type EntityAction,
  type EntityValues,
} from "./entity-schemas.ts";

export interface EntityListDto {
  id: string;
  name: string;
  properties: { name: string; type: (typeof ENTITY_PROPERTY_TYPES)[number] }[];
}

export interface EntityDto {
  id: string;
  label: string;
  properties: EntityValues;
  latitude: number | null;
  longitude: number | null;
  version: number;
  conflict: boolean;
  updatedAt: string;
}

export const ENTITY_VERSION_SOURCES = ["record", "upload", "api", "resolution"] as const;

export interface EntityVersionDto {
  version: number;
  baseVersion: number | null;
  source: (typeof ENTITY_VERSION_SOURCES)[number];
  /** The record that made this version, when one did. */
  recordId: string | null;
  applicationId: string | null;
  changes: EntityValues;
  label: string;
  properties: EntityValues;
  /** Made from an older version than the one it replaced. */
  conflict: boolean;
  createdAt: string;
}

/** GET /api/applications/:id/entities: the form's action and its list's entities (what a phone keeps offline). */
export interface ApplicationEntitiesDto {
  action: EntityAction | null;
  list: EntityListDto | null;
  entities: EntityDto[];
}

export interface EntityDetailDto {
  entity: EntityDto;
  history: EntityVersionDto[];
}

/** The OpenAPI reference's (and CHECK_RESPONSES') shapes. */
const valuesSchema = z.record(z.string(), entityValueSchema);

export const entityListSchema: z.ZodType<EntityListDto> = z.object({
  id: z.string(),
  name: z.string(),
  properties: z.array(z.object({ name: z.string(), type: z.enum(ENTITY_PROPERTY_TYPES) })),
});

export const entitySchema: z.ZodType<EntityDto> = z.object({
  id: z.string(),
  label: z.string(),
  properties: valuesSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  version: z.number(),
  conflict: z.boolean(),
  updatedAt: z.string(),
});

const entityVersionSchema: z.ZodType<EntityVersionDto> = z.object({
  version: z.number(),
  baseVersion: z.number().nullable(),
  source: z.enum(ENTITY_VERSION_SOURCES),
  recordId: z.string().nullable(),
  applicationId: z.string().nullable(),
  changes: valuesSchema,
  label: z.string(),
  properties: valuesSchema,
  conflict: z.boolean(),
  createdAt: z.string(),
});

export const entityListsResponseSchema = z.object({ lists: z.array(entityListSchema) });
export const entityListResponseSchema = z.object({ list: entityListSchema });
export const entityActionResponseSchema = z.object({ action: entityActionSchema.nullable() });
export const applicationEntitiesSchema: z.ZodType<ApplicationEntitiesDto> = z.object({
  action: entityActionSchema.nullable(),
  list: entityListSchema.nullable(),
  entities: z.array(entitySchema),
});
export const entityDetailSchema: z.ZodType<EntityDetailDto> = z.object({
  entity: entitySchema,
  history: z.array(entityVersionSchema),
});
