import type { DesignedField } from "../../../shared/fields/field-config.ts";
import {
  MEDIA_DURATION_MAX_SECONDS,
  MEDIA_MAX_SIZES_MB,
  parseAcceptList,
  type MediaFieldType,
} from "../../../shared/fields/media-rules.ts";
import { cell, columnKey, type SheetRow } from "./xlsform-sheets.ts";

/**
 * The XLSForm columns of the audio, video and file questions. `parameters` carries `max-size` (MB) and `max-duration`
 * (seconds), as Survey123 spells them (it reads them from `bind::esri:parameters`, which is read too); other
 * parameters (ODK's `quality`, Survey123's `codec`) have no Campo meaning and are left. `body::accept` is a file's
 * accepted extensions and types.
 */
export const ACCEPT_COLUMN = "body::accept";
// Cells are looked up by column key, which drops the `bind::`/`body::` prefix (xlsform-aliases.ts).
const PARAMETER_KEYS = ["parameters", "bind::esri:parameters"].map(columnKey);
const ACCEPT_KEY = columnKey(ACCEPT_COLUMN);

type IssueAt = (column: string, key: string, params?: Record<string, string>) => void;

function parametersOf(text: string): Map<string, string> {
  const entries = text
    .split(/[\s;,]+/)
    .map((pair) => pair.split("="))
    .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== "" && pair[1] !== "");
  return new Map(entries.map(([key, value]) => [key.toLowerCase(), value.replace(/^["']|["']$/g, "")]));
}

/** A size in MB as the smallest cap Campo offers that holds it; a size over every cap gets the largest. */
function sizeCap(megabytes: number): number {
  return MEDIA_MAX_SIZES_MB.find((size) => size >= megabytes) ?? Math.max(...MEDIA_MAX_SIZES_MB);
}

export function readMediaColumns(
  row: SheetRow,
  fieldType: MediaFieldType,
  config: Record<string, unknown>,
  issue: IssueAt,
): void {
  for (const column of PARAMETER_KEYS) {
    const parameters = parametersOf(cell(row, column));
    const size = parameters.get("max-size");
    if (size !== undefined) {
      const megabytes = Number(size);
      if (Number.isFinite(megabytes) && megabytes > 0) config.maxSize = sizeCap(megabytes);
      else issue(column, "invalidParameter", { parameter: "max-size", value: size });
    }
    const duration = parameters.get("max-duration");
    if (duration !== undefined && fieldType !== "file") {
      const seconds = Number(duration);
      if (Number.isInteger(seconds) && seconds > 0) config.maxDuration = Math.min(seconds, MEDIA_DURATION_MAX_SECONDS);
      else issue(column, "invalidParameter", { parameter: "max-duration", value: duration });
    }
  }
  const accept = cell(row, ACCEPT_KEY);
  if (fieldType === "file" && accept !== "") config.accept = parseAcceptList(accept);
}

/** The `parameters` and `body::accept` cells of a media question (empty for other questions). */
export function mediaCells(field: DesignedField): Record<string, string> {
  if (field.fieldType !== "audio" && field.fieldType !== "video" && field.fieldType !== "file") return {};
  const config = field.config;
  const parameters = [`max-size=${config.maxSize}`];
  if ("maxDuration" in config && config.maxDuration !== undefined)
    parameters.push(`max-duration=${config.maxDuration}`);
  const cells: Record<string, string> = { parameters: parameters.join(" ") };
  if ("accept" in config && config.accept.length > 0) cells[ACCEPT_COLUMN] = config.accept.join(",");
  return cells;
}
