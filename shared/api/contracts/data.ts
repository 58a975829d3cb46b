import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { mapViewDataSchema, mapViewQuerySchema } from "../../map/map-view.ts";
import { csvExportOptionsSchema } from "../../records/csv-export-options.ts";
import { TIMELINE_INTERVALS } from "../../records/record-filter.ts";
import { recordDetailSchema, recordPageQuerySchema, recordPageSchema } from "../../records/record-view.ts";
import {
  chartDataSchema,
  dataViewSchema,
  runtimeConfigSchema,
  timelineSchema,
} from "../../records/record-response-schemas.ts";
import { timeZoneSchema } from "../../records/time-zone.ts";
import { APPLICATION_READERS } from "./audiences.ts";

const TAG = "Data";
const APP = "/api/applications/:id";
const FILTER =
  "Filter parameters as on the data page: from, to (dates or instants), submitter, q (text search), review, " +
  "f.<fieldId>=value and f.<fieldId>.min / .max. Collaborators read their own records only.";

export const getDataView = defineRoute({
  operationId: "getDataView",
  method: "get",
  path: `${APP}/data-view`,
  tag: TAG,
  summary: "What the data page needs before the first record: fields (removed ones too), submitters, capabilities",
  description: APPLICATION_READERS,
  policy: "application.read",
  token: true,
  response: dataViewSchema,
  errors: [],
});

export const listRecords = defineRoute({
  operationId: "listRecords",
  method: "get",
  path: `${APP}/records`,
  tag: TAG,
  summary: "List the application's records a page at a time (keyset cursor), with the data page's filter",
  description: FILTER,
  policy: "application.read",
  token: true,
  query: recordPageQuerySchema,
  response: recordPageSchema,
  errors: [],
});

export const getRecordsMapView = defineRoute({
  operationId: "getRecordsMapView",
  method: "get",
  path: `${APP}/records/map-view`,
  tag: TAG,
  summary: "The data map of one view: clusters when many records are in it, else the records; lines and areas to draw",
  description:
    `${FILTER} Also zoom (0–22) and bbox=west,south,east,north in degrees (absent: the whole world, and the answer ` +
    "adds the records' extent and how many have neither a location nor a line or area).",
  policy: "application.read",
  token: true,
  query: mapViewQuerySchema,
  response: mapViewDataSchema,
  errors: [],
});

export const getRecord = defineRoute({
  operationId: "getRecord",
  method: "get",
  path: `${APP}/records/:recordId`,
  tag: TAG,
  summary: "Read one record",
  description: "Whoever sees the record: administrators every record, collaborators their own (404 otherwise).",
  policy: "application.read",
  token: true,
  response: recordDetailSchema,
  errors: ["SUBMISSION_NOT_FOUND"],
});

export const deleteRecord = defineRoute({
  operationId: "deleteRecord",
  method: "delete",
  path: `${APP}/records/:recordId`,
  tag: TAG,
  summary: "Delete one record, its history and its media links",
  description:
    "Administrators of an owner on a paid plan, and super admins (a free plan's record cap counts records ever " +
    "created; 403 DATA_DELETION_FORBIDDEN otherwise). A token needs write access.",
  policy: "application.read",
  token: true,
  status: 204,
  errors: ["DATA_DELETION_FORBIDDEN", "SUBMISSION_NOT_FOUND"],
});

export const getTimeline = defineRoute({
  operationId: "getTimeline",
  method: "get",
  path: `${APP}/charts/timeline`,
  tag: TAG,
  summary: "Records matching the filter per day, week or month",
  description: FILTER,
  policy: "application.read",
  token: true,
  query: z.looseObject({ interval: z.enum(TIMELINE_INTERVALS).default("day"), tz: timeZoneSchema }),
  response: timelineSchema,
  errors: [],
});

export const getChart = defineRoute({
  operationId: "getChart",
  method: "get",
  path: `${APP}/charts`,
  tag: TAG,
  summary: "One field's chart over the records matching the filter: counts per option, or numeric statistics",
  description: `${FILTER} field=<fieldId> names a choice, yes/no, number or repeat field.`,
  policy: "application.read",
  token: true,
  query: z.looseObject({ field: z.string().optional().describe("The field to chart (required)") }),
  response: chartDataSchema,
  errors: [],
});

export const exportRecords = defineRoute({
  operationId: "exportRecords",
  method: "get",
  path: `${APP}/:file{export\\.[a-z]+}`,
  tag: TAG,
  summary: "Export the records (CSV, XLSX, KML, GeoJSON), streamed",
  description:
    `${FILTER} file is export.csv, export.xlsx, export.kml or export.geojson (404 NOT_FOUND otherwise). ` +
    "lang=pt-BR|en|es names the headers and words. CSV only: csvDialect=excel-pt-BR writes for a " +
    "spreadsheet in Brazilian Portuguese (`;` separator, decimal comma, dd/MM/yyyy dates, created/updated " +
    "times as dd/MM/yyyy HH:mm:ss in tz=<IANA time zone>, America/Sao_Paulo by default); the default " +
    "csvDialect=standard is RFC 4180 with ISO 8601 UTC instants. Both start with a UTF-8 BOM. The CSV of a form " +
    "with repeats is a zip of the main CSV and one CSV per repeat.",
  policy: "application.export",
  token: true,
  query: csvExportOptionsSchema.partial().extend({ lang: z.string().optional() }).loose(),
  media: [
    "text/csv",
    "application/zip",
    "application/geo+json",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.google-earth.kml+xml",
  ],
  errors: ["NOT_FOUND"],
});

export const getRuntimeConfig = defineRoute({
  operationId: "getRuntimeConfig",
  method: "get",
  path: "/api/config",
  tag: TAG,
  summary: "Settings the web reads at run time (the data map's base map)",
  policy: "public",
  token: false,
  response: runtimeConfigSchema,
  errors: [],
});

export const dataContracts = [
  getDataView,
  listRecords,
  getRecordsMapView,
  getRecord,
  deleteRecord,
  getTimeline,
  getChart,
  exportRecords,
  getRuntimeConfig,
];
