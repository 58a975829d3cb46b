import { ApiError } from "../../lib/api-error.ts";
import { CsvUnreadable, readCsvRows } from "../../lib/csv-rows.ts";
import { detectImageType } from "../storage/image-type.ts";
import type { FormTableData } from "../../../shared/expressions/form-table.ts";
import {
  FORM_FILE_MAX_BYTES,
  FORM_FILE_MAX_COLUMNS,
  FORM_FILE_MAX_ROWS,
  formFileKind,
  type FormFileKind,
} from "../../../shared/form-files/form-files.ts";

export interface ParsedFormFile {
  kind: FormFileKind;
  contentType: string;
  /** A CSV's or GeoJSON's rows; absent for an image. */
  table?: FormTableData;
}

function unreadable(reason: string): ApiError {
  return new ApiError("FORM_FILE_UNREADABLE", `The file cannot be read: ${reason}`, { reason });
}

function assertRowCount(rows: number): void {
  if (rows > FORM_FILE_MAX_ROWS)
    throw new ApiError("FORM_FILE_TOO_MANY_ROWS", `More than ${FORM_FILE_MAX_ROWS} rows`, { max: FORM_FILE_MAX_ROWS });
}

function checkShape(table: FormTableData): FormTableData {
  assertRowCount(table.rows.length);
  if (table.columns.length === 0 || table.columns.length > FORM_FILE_MAX_COLUMNS)
    throw unreadable(`a header of 1 to ${FORM_FILE_MAX_COLUMNS} columns is needed`);
  const seen = new Set<string>();
  for (const column of table.columns) {
    const key = column.toLowerCase();
    if (column === "" || seen.has(key)) throw unreadable(`empty or repeated column name "${column}"`);
    seen.add(key);
  }
  return table;
}

/** UTF-8 CSV with a header row. */
function csvTable(bytes: Uint8Array): FormTableData {
  let records: string[][];
  try {
    records = readCsvRows(bytes, FORM_FILE_MAX_ROWS).rows;
  } catch (error) {
    throw unreadable(error instanceof CsvUnreadable ? error.message : "invalid CSV");
  }
  const [columns = [], ...rows] = records;
  const width = columns.length;
  return checkShape({
    columns,
    rows: rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? "")),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * A FeatureCollection read as ODK does: one row per feature, its properties as columns, `name` from the feature's id
 * when the properties have none, and `geometry` holding the geometry's JSON.
 */
function geojsonTable(bytes: Uint8Array): FormTableData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw unreadable("not JSON");
  }
  if (!isRecord(parsed) || parsed.type !== "FeatureCollection" || !Array.isArray(parsed.features))
    throw unreadable("not a GeoJSON FeatureCollection");
  const features = parsed.features.filter(isRecord);
  assertRowCount(features.length);
  const columns = ["name"];
  for (const feature of features) {
    const properties = isRecord(feature.properties) ? feature.properties : {};
    for (const key of Object.keys(properties)) if (!columns.includes(key)) columns.push(key);
  }
  columns.push("geometry");
  const rows = features.map((feature) => {
    const properties = isRecord(feature.properties) ? feature.properties : {};
    return columns.map((column) => {
      if (column === "geometry") return cellText(feature.geometry);
      if (column === "name") return cellText(properties.name ?? feature.id);
      return cellText(properties[column]);
    });
  });
  return checkShape({ columns, rows });
}

/**
 * Reads an uploaded form file by its name's extension and refuses what a form cannot use: past 5 MB, past 50,000
 * rows, text that is not a CSV or GeoJSON, an image that is not JPEG, PNG or WebP by its bytes.
 */
export async function parseFormFile(name: string, bytes: Uint8Array): Promise<ParsedFormFile> {
  if (bytes.byteLength > FORM_FILE_MAX_BYTES)
    throw new ApiError("FORM_FILE_TOO_LARGE", "The file is larger than the form file limit", {
      max: FORM_FILE_MAX_BYTES,
    });
  const kind = formFileKind(name);
  if (kind === "csv") return { kind, contentType: "text/csv; charset=utf-8", table: csvTable(bytes) };
  if (kind === "geojson") return { kind, contentType: "application/geo+json", table: geojsonTable(bytes) };
  const contentType = kind === "image" ? await detectImageType(bytes) : null;
  if (!contentType) throw new ApiError("INVALID_FILE_TYPE", "Only CSV, GeoJSON, JPEG, PNG and WebP files are accepted");
  return { kind: "image", contentType };
}
