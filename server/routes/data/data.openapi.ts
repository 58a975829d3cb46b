import { declareRoutes } from "../../openapi/route-declaration.ts";
import { z } from "zod";
import { mapViewDataSchema, mapViewQuerySchema } from "../../../shared/map/map-view.ts";
import { csvExportOptionsSchema } from "../../../shared/records/csv-export-options.ts";
import { recordDetailSchema, recordPageQuerySchema, recordPageSchema } from "../../../shared/records/record-view.ts";
import {
  chartDataSchema,
  dataViewSchema,
  mapDataSchema,
  runtimeConfigSchema,
  timelineSchema,
} from "../../../shared/records/record-response-schemas.ts";

const FILTER =
  "Filter parameters as on the data page: from, to (dates or instants), submitter, q (text search), review, " +
  "f.<fieldId>=value and f.<fieldId>.min / .max. Collaborators read their own records only.";

export const dataApi = declareRoutes("Data", [
  {
    method: "get",
    path: "/api/applications/:id/data-view",
    summary: "What the data page needs before the first record: fields (removed ones too), submitters, capabilities",
    response: dataViewSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/records",
    summary: "List the application's records a page at a time (keyset cursor), with the data page's filter",
    description: FILTER,
    query: recordPageQuerySchema,
    response: recordPageSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/records/map",
    summary: "The located records matching the filter as [id, longitude, latitude], and how many have no location",
    description: FILTER,
    response: mapDataSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/records/map-view",
    summary:
      "The data map of one view: clusters when many records are in it, else the records; lines and areas to draw",
    description:
      `${FILTER} Also zoom (0–22) and bbox=west,south,east,north in degrees (absent: the whole world, and the answer ` +
      "adds the records' extent and how many have neither a location nor a line or area).",
    query: mapViewQuerySchema,
    response: mapViewDataSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/records/:recordId",
    summary: "Read one record",
    response: recordDetailSchema,
  },
  {
    method: "delete",
    path: "/api/applications/:id/records/:recordId",
    summary: "Delete one record, its history and its media links",
    description: "Administrators of an owner on a paid plan (a free plan's record cap counts records ever created).",
    status: 204,
  },
  {
    method: "get",
    path: "/api/applications/:id/charts/timeline",
    summary: "Records matching the filter per day, week or month",
    description: `${FILTER} Also interval=day|week|month and tz (IANA time zone).`,
    response: timelineSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/charts",
    summary: "One field's chart over the records matching the filter: counts per option, or numeric statistics",
    description: `${FILTER} field=<fieldId> names a choice, yes/no, number or repeat field.`,
    query: z.looseObject({ field: z.string() }),
    response: chartDataSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/:file{export\\.[a-z]+}",
    summary: "Export the records (CSV, XLSX, KML, GeoJSON), streamed",
    description:
      `${FILTER} lang=pt-BR|en|es names the headers and words. CSV only: csvDialect=excel-pt-BR writes for a ` +
      "spreadsheet in Brazilian Portuguese (`;` separator, decimal comma, dd/MM/yyyy dates, created/updated " +
      "times as dd/MM/yyyy HH:mm:ss in tz=<IANA time zone>, America/Sao_Paulo by default); the default " +
      "csvDialect=standard is RFC 4180 with ISO 8601 UTC instants. Both start with a UTF-8 BOM.",
    query: csvExportOptionsSchema.partial().extend({ lang: z.string().optional() }).loose(),
    media: [
      "text/csv",
      "application/geo+json",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.google-earth.kml+xml",
    ],
  },
  {
    method: "get",
    path: "/api/config",
    summary: "Settings the web reads at run time (the data map's base map)",
    response: runtimeConfigSchema,
    public: true,
  },

]);
