import { z } from "zod";
import { isTimeZone } from "./time-zone.ts";

/**
 * How a CSV export is written (`csvDialect=`): `standard` is RFC 4180 with the values as data (12.5, 2026-11-26,
 * instants in ISO 8601 UTC); `excel-pt-BR` is for a spreadsheet in Brazilian Portuguese (`;`, decimal comma,
 * dd/MM/yyyy, instants as dd/MM/yyyy HH:mm:ss in the time zone `tz=`).
 */
export const CSV_DIALECTS = ["standard", "excel-pt-BR"] as const;
export type CsvDialectName = (typeof CSV_DIALECTS)[number];
/** The time zone of an `excel-pt-BR` CSV when the request names none. */
export const EXCEL_PT_BR_DEFAULT_ZONE = "America/Sao_Paulo";

/** The CSV export's own query parameters (the filter's and `lang` are read elsewhere). */
export const csvExportOptionsSchema = z.object({
  csvDialect: z.enum(CSV_DIALECTS).default("standard"),
  /** An IANA time zone (the browser's), used by `excel-pt-BR` only. */
  tz: z.string().max(64).refine(isTimeZone, "unknownTimeZone").default(EXCEL_PT_BR_DEFAULT_ZONE),
});
