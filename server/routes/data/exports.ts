import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { ReadRouting } from "../../db/read-routing.ts";
import { countRecords, type ExportRow } from "../../db/queries/records.ts";
import { isoFromTimestampText } from "../../db/timestamp-text.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseWith } from "../../lib/validation.ts";
import { translate } from "../../lib/translate.ts";
import { exportColumns } from "../../services/exports/export-columns.ts";
import { csvZipStream } from "../../services/exports/csv-zip.ts";
import { contentDisposition, exportFileBase, textExportStream } from "../../services/exports/export-stream.ts";
import { recordSource } from "../../services/exports/record-pages.ts";
import { repeatTables } from "../../services/exports/repeat-tables.ts";
import {
  csvExport,
  excelPtBrCsv,
  geojsonExport,
  kmlExport,
  STANDARD_CSV,
  type CsvDialect,
} from "../../services/exports/text-exports.ts";
import { xlsxExportStream } from "../../services/exports/xlsx-export.ts";
import { resolveRecordQuery } from "../../services/records/record-query.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { formatDateTime, isAnswered } from "../../../shared/records/answer-format.ts";
import { recordLayout } from "../../../shared/records/record-layout.ts";
import { csvExportOptionsSchema } from "../../../shared/records/csv-export-options.ts";
import * as contracts from "../../../shared/api/contracts/data.ts";
import { EXPORT_FORMATS, type ExportFormat } from "../../../shared/records/record-filter.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** The CSV's dialect from `csvDialect=` and `tz=` (an IANA time zone), with the zone its instants are shown in. */
function csvDialectOf(params: URLSearchParams): { dialect: CsvDialect; zone: string } {
  const options = parseWith(csvExportOptionsSchema, {
    csvDialect: params.get("csvDialect") ?? undefined,
    tz: params.get("tz") ?? undefined,
  });
  if (options.csvDialect === "standard") return { dialect: STANDARD_CSV, zone: "UTC" };
  return { dialect: excelPtBrCsv(options.tz), zone: options.tz };
}

/**
 * GET /api/applications/:id/export.{csv,xlsx,kml,geojson}?<filter>&lang=&csvDialect=&tz= — streamed: records are read in keyset
 * pages and written as the client reads, so memory stays flat however many records match. Administrators and
 * super admins only (spec 000 §6); X-Total-Records lets the web show progress. A form with repeats exports each
 * repeat as its own table (a sheet in Excel; CSV becomes a .zip of the main CSV and one per repeat) and, in KML and
 * GeoJSON, as a property holding its entries.
 */
export function exportRoutes(context: AppContext, reads: ReadRouting): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.exportRecords, async (c, { access, params }) => {
    const format = params.file.slice("export.".length);
    if (!isExportFormat(format)) throw new ApiError("NOT_FOUND", "No such export format");
    const readDb = await reads.forRead(c);
    const url = new URL(c.req.url);
    const language = normalizeLanguage(url.searchParams.get("lang")) ?? DEFAULT_LANGUAGE;
    const csv = format === "csv" ? csvDialectOf(url.searchParams) : { dialect: STANDARD_CSV, zone: "UTC" };
    const { query: filtered, fields } = await resolveRecordQuery(readDb, access, url.searchParams);
    const query = format === "kml" ? { ...filtered, locatedOnly: true } : filtered;
    const total = await countRecords(readDb, query);
    const origin = url.origin;
    const exportContext = {
      words: { yes: translate(language, "data:answers.yes"), no: translate(language, "data:answers.no") },
      mediaUrl: (attachmentId: string) => `${origin}/api/attachments/${attachmentId}`,
    };
    const layout = recordLayout(fields);
    const tabular = format === "csv" || format === "xlsx";
    const columns = exportColumns(layout, language, exportContext, tabular ? "count" : "entries", csv.zone);
    const shape = context.database.kind === "pglite" ? "json" : "rows";
    const pagesOf = (fieldIds: string[]) => recordSource(readDb, query, fieldIds, shape);
    const pages = pagesOf(layout.answered.map((field) => field.id));
    const repeats = tabular
      ? repeatTables(layout.repeats, language, exportContext, (repeatId) => pagesOf([repeatId]))
      : [];
    const appName = access.application.name;
    const zipped = format === "csv" && repeats.length > 0;
    const headers: Record<string, string> = {
      "Content-Disposition": contentDisposition(appName, zipped ? "zip" : format),
      "X-Total-Records": String(total),
      "Cache-Control": "no-store",
    };
    if (format === "xlsx") {
      return new Response(xlsxExportStream(pages, columns, repeats, language, appName), {
        headers: { ...headers, "Content-Type": XLSX_TYPE },
      });
    }
    if (zipped) {
      return new Response(csvZipStream(exportFileBase(appName), pages, columns, repeats, csv.dialect), {
        headers: { ...headers, "Content-Type": "application/zip" },
      });
    }
    const firstText = layout.answered.findIndex((field) => field.fieldType === "text" && !field.removed);
    const placemarkName = (row: ExportRow) => {
      const answer = firstText === -1 ? undefined : row.answers[firstText];
      return typeof answer === "string" && isAnswered(answer)
        ? answer
        : formatDateTime(isoFromTimestampText(row.createdText), language, "UTC");
    };
    const writer =
      format === "csv"
        ? csvExport(columns, csv.dialect)
        : format === "geojson"
          ? geojsonExport(columns)
          : kmlExport(columns, appName, placemarkName);
    return new Response(textExportStream(pages, writer), {
      headers: { ...headers, "Content-Type": writer.contentType },
    });
  });

  return routes;
}
