import { z } from "zod";

/**
 * Files attached to a form (XLSForm's "media" of a form): CSV and GeoJSON tables that choice lists, `pulldata()` and
 * `instance()` read, and images that choices show. They are versioned with the form: a form version keeps the files
 * it was published with, and records are validated against those (server/services/form-files/).
 */
export const FORM_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FORM_FILE_MAX_ROWS = 50_000;
export const FORM_FILE_MAX_COLUMNS = 100;
/** Files one form may hold at a time (each a few MB at most). */
export const FORM_FILES_MAX = 50;

export const FORM_FILE_KINDS = ["csv", "geojson", "image"] as const;
export type FormFileKind = (typeof FORM_FILE_KINDS)[number];

/** One safe segment with a known extension: the name expressions and XLSForm use (`cities.csv`, `logo.png`). */
export const FORM_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(csv|geojson|jpe?g|png|webp)$/i;
export const TABLE_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(csv|geojson)$/i;

export function formFileKind(name: string): FormFileKind | null {
  const match = FORM_FILE_NAME_PATTERN.exec(name);
  const extension = match?.[1]?.toLowerCase();
  if (extension === undefined) return null;
  return extension === "csv" || extension === "geojson" ? extension : "image";
}

/** XLSForm names a file's instance without its extension: `pulldata('cities', …)` reads `cities.csv`. */
export function fileStem(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A file as the API lists it: the version serving the given form version. */
export const formFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(FORM_FILE_KINDS),
  bytes: z.number().int(),
  sha256: z.string(),
  /** Rows and header of a table (null for an image). */
  rowCount: z.number().int().nullable(),
  columns: z.array(z.string()).nullable(),
  /** Whether the table has the `name` and `label` columns a choice list needs. */
  choiceList: z.boolean(),
  createdAt: z.string(),
});
export type FormFileDto = z.infer<typeof formFileSchema>;

export const formFilesSchema = z.object({
  formVersion: z.number().int(),
  files: z.array(formFileSchema),
});
export type FormFilesDto = z.infer<typeof formFilesSchema>;

/** An upload: the file's name and its bytes in base64 (one JSON body, like every other write of the API). */
export const formFileUploadSchema = z.object({
  name: z.string().regex(FORM_FILE_NAME_PATTERN, "invalidFormFileName"),
  data: z.base64("invalidFormFileData"),
});
export type FormFileUpload = z.infer<typeof formFileUploadSchema>;

/** A table as the phone caches it and expressions read it. */
export const formTableDataSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
