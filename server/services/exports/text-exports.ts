/**
 * CSV, GeoJSON and KML: each turns one page of records into one text chunk; export-stream.ts pulls pages only as
 * fast as the client reads, so memory stays at one page whatever the number of records.
 */
import type { ExportRow } from "../../db/queries/records.ts";
import { instantParts, neutraliseFormula } from "../../../shared/records/answer-format.ts";
import { columnText, jsonValue, type ColumnValue, type ExportColumn } from "./export-columns.ts";
import { geojsonGeometry, kmlGeometry, recordGeometries } from "./record-geometry.ts";

export interface TextExport<Row = ExportRow> {
  contentType: string;
  extension: string;
  head: string;
  page(rows: Row[]): string;
  tail: string;
}

/** How a CSV writes its cells: the separator, and the text of numbers, days and instants. */
export interface CsvDialect {
  separator: string;
  /** What forces a text cell into quotes: the separator, a quote, a line break. */
  quoted: RegExp;
  number(value: number): string;
  date(value: { date: Date }): string;
  /** An ISO 8601 UTC instant (created and updated columns). */
  instant(iso: string): string;
}

/** RFC 4180 with the values as data: 12.5, 2026-11-26, instants in ISO 8601 UTC. */
export const STANDARD_CSV: CsvDialect = {
  separator: ",",
  quoted: /[",\r\n]/,
  number: String,
  date: columnText,
  instant: (iso) => iso,
};

/**
 * For a spreadsheet in Brazilian Portuguese (Excel splits a CSV on the list separator of the system's region,
 * `;` where the decimal mark is a comma): 12,5; 26/11/2026; instants as 26/11/2026 17:33:10 in `timeZone`, the
 * user's, so that Excel shows the times the data page shows.
 */
export function excelPtBrCsv(timeZone: string): CsvDialect {
  const two = (value: number) => String(value).padStart(2, "0");
  return {
    separator: ";",
    quoted: /[";\r\n]/,
    number: (value) => String(value).replace(".", ","),
    date: ({ date }) => `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`,
    instant: (iso) => {
      const part = instantParts(iso, timeZone);
      return part
        ? `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}:${part("second")}`
        : iso;
    },
  };
}

/** Quoting by the dialect; text cells that a spreadsheet would run as a formula get a leading apostrophe. */
function csvCell(value: ColumnValue, kind: ExportColumn["kind"], dialect: CsvDialect): string {
  if (value === null) return "";
  if (typeof value === "number") return dialect.number(value);
  if (typeof value !== "string") return dialect.date(value);
  const text = kind === "instant" ? dialect.instant(value) : neutraliseFormula(value);
  return dialect.quoted.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvExport<Row>(columns: ExportColumn<Row>[], dialect: CsvDialect = STANDARD_CSV): TextExport<Row> {
  const { separator: comma } = dialect;
  return {
    contentType: "text/csv; charset=utf-8",
    extension: "csv",
    // The BOM makes Excel read the file as UTF-8 (accents) instead of the system code page.
    head: `\uFEFF${columns.map((column) => csvCell(column.header, "text", dialect)).join(comma)}\r\n`,
    // One string per page, built by concatenation (no per-row arrays): at 100k records this loop is the export.
    page: (rows) => {
      let out = "";
      for (const row of rows) {
        let separator = "";
        for (const column of columns) {
          out += separator + csvCell(column.value(row), column.kind, dialect);
          separator = comma;
        }
        out += "\r\n";
      }
      return out;
    },
    tail: "",
  };
}

/** A GeoJSON FeatureCollection streamed a page at a time, one Feature per row. */
export function featureCollectionExport<Row>(
  feature: (row: Row) => { id: string; geometry: unknown; properties: Record<string, unknown> },
): TextExport<Row> {
  let first = true;
  return {
    contentType: "application/geo+json; charset=utf-8",
    extension: "geojson",
    head: '{"type":"FeatureCollection","features":[\n',
    page: (rows) => {
      let out = "";
      for (const row of rows) {
        const { id, geometry, properties } = feature(row);
        out += `${first ? "" : ",\n"}${JSON.stringify({ type: "Feature", id, geometry, properties })}`;
        first = false;
      }
      return out;
    },
    tail: "\n]}\n",
  };
}

export function geojsonExport(columns: ExportColumn[]): TextExport {
  return featureCollectionExport((row) => {
    const properties: Record<string, unknown> = {};
    for (const column of columns)
      properties[column.header] = column.structured ? column.structured(row) : jsonValue(column.value(row));
    return { id: row.id, geometry: geojsonGeometry(recordGeometries(row, columns)), properties };
  });
}

/** XML text: the five entities escaped, characters XML 1.0 forbids dropped. */
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function xmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/**
 * One Placemark per placed record (the caller queries records with a location or a line or area only), every
 * answer in ExtendedData (lines and areas also as WKT).
 */
export function kmlExport(
  columns: ExportColumn[],
  documentName: string,
  placemarkName: (row: ExportRow) => string,
): TextExport {
  return {
    contentType: "application/vnd.google-earth.kml+xml; charset=utf-8",
    extension: "kml",
    head: `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n<name>${xmlText(documentName)}</name>\n`,
    page: (rows) => {
      let out = "";
      for (const row of rows) {
        const geometry = kmlGeometry(recordGeometries(row, columns));
        if (geometry === "") continue;
        const data = columns
          .map(
            (column) =>
              `<Data name="${xmlText(column.header)}"><value>${xmlText(columnText(column.value(row)))}</value></Data>`,
          )
          .join("");
        out += `<Placemark id="r-${row.id}"><name>${xmlText(placemarkName(row))}</name><ExtendedData>${data}</ExtendedData>${geometry}</Placemark>\n`;
      }
      return out;
    },
    tail: "</Document>\n</kml>\n",
  };
}
