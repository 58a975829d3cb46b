import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./api-error.ts";
import { jsonValueIssue } from "../../shared/text/safe-text.ts";

/** Max JSON body for ordinary API routes; media uploads have their own limit. */
export const MAX_JSON_BYTES = 256 * 1024;

export interface ReadJsonOptions {
  maxBytes?: number;
  /**
   * Whether to refuse the whole body when any string holds NUL or a lone surrogate or it nests too deep. Only the
   * sync endpoint turns this off: it checks each record on its own, so one bad record does not fail the batch.
   */
  checkText?: boolean;
}

/**
 * Reads a JSON body, refusing wrong content types, oversize, malformed JSON, text no database can store, absurd
 * nesting and schema violations with catalogue codes.
 */
export async function readJson<T extends z.ZodType>(
  c: Context,
  schema: T,
  options: ReadJsonOptions = {},
): Promise<z.infer<T>> {
  const parsed = parseJsonText(await readJsonText(c, options.maxBytes));
  if (options.checkText !== false) assertStorableJson(parsed);
  return parseWith(schema, parsed);
}

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("MALFORMED_JSON", "Request body is not valid JSON");
  }
}

/** Refuses NUL, lone surrogates (in values and keys) and nesting past MAX_JSON_DEPTH, before any recursive code runs. */
export function assertStorableJson(value: unknown): void {
  const issue = jsonValueIssue(value);
  if (issue === "unsafeText")
    throw new ApiError("VALIDATION_FAILED", "Invalid request", [
      { path: "", message: "Text holds NUL or a lone surrogate", code: "invalid_characters" },
    ]);
  if (issue === "tooDeep")
    throw new ApiError("VALIDATION_FAILED", "Invalid request", [
      { path: "", message: "JSON nested too deeply", code: "too_deep" },
    ]);
}

/** Like readJson, for routes whose fields are all optional: a request with no body at all reads as `{}`. */
export async function readOptionalJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const empty = !c.req.header("content-type") && Number(c.req.header("content-length") ?? "0") === 0;
  return empty ? parseWith(schema, {}) : readJson(c, schema);
}

export async function readJsonText(c: Context, maxBytes = MAX_JSON_BYTES): Promise<string> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Expected application/json");
  }
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError("BODY_TOO_LARGE", `Body over ${maxBytes} bytes`);
  const buffer = await c.req.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw new ApiError("BODY_TOO_LARGE", `Body over ${maxBytes} bytes`);
  return new TextDecoder().decode(buffer);
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
    throw new ApiError("VALIDATION_FAILED", "Invalid request", details);
  }
  return result.data;
}
