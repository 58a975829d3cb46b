import { z } from "zod";

/** An upload's caps: the file's size and its rows (a list may hold more; upload it in parts). */
export const ENTITY_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const ENTITY_UPLOAD_MAX_ROWS = 20_000;
/** The CSV's text inside JSON: escaping at most doubles its quotes, plus the key. */
export const ENTITY_UPLOAD_MAX_BODY_BYTES = ENTITY_UPLOAD_MAX_BYTES * 2 + 1024;

/** Columns naming the entity a row updates: ODK's `name`, or the `uuid`/`__id` other tools export. */
export const ENTITY_ID_COLUMNS = ["name", "uuid", "__id"] as const;
/** Columns placing the entity (the export writes them; property names cannot start with `__`). */
export const ENTITY_LATITUDE_COLUMN = "__latitude";
export const ENTITY_LONGITUDE_COLUMN = "__longitude";

/** Why one row was left out; the "entities" namespace translates each (`upload.rowErrors.<code>`). */
export const ENTITY_ROW_ERRORS = [
  "labelRequired",
  "labelTooLong",
  "valueTooLong",
  "unsafeText",
  "notANumber",
  "notADate",
  "idInvalid",
  "idRepeated",
  "idOfAnotherList",
  "placeInvalid",
] as const;
export type EntityRowErrorCode = (typeof ENTITY_ROW_ERRORS)[number];

export interface EntityRowError {
  /** The row's line in the file, the header being line 1. */
  row: number;
  code: EntityRowErrorCode;
  /** The column at fault, when one is. */
  column?: string;
}

export interface EntityUploadResultDto {
  created: number;
  updated: number;
  /** Rows naming an entity of the list whose values they only restate. */
  unchanged: number;
  errors: EntityRowError[];
}

/** POST /api/applications/:id/entity-upload: the CSV's text. */
export const entityUploadSchema = z.object({
  csv: z.string().min(1, "fileRequired").max(ENTITY_UPLOAD_MAX_BYTES, "fileTooLarge"),
});

export const entityUploadResultSchema: z.ZodType<EntityUploadResultDto> = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(z.object({ row: z.number(), code: z.enum(ENTITY_ROW_ERRORS), column: z.string().optional() })),
});
