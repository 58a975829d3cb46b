import { declareRoutes } from "../../openapi/route-declaration.ts";
import { recordDetailSchema, recordPageQuerySchema, recordPageSchema } from "../../../shared/records/record-view.ts";

export const dataApi = declareRoutes("Data", [
  { method: "get", path: "/api/applications/:id/data-view", summary: "Read applications data view" },
  {
    method: "get",
    path: "/api/applications/:id/records",
    summary: "List the application's records a page at a time (keyset cursor), with the data page's filter",
    description:
      "Filter parameters as on the data page: from, to (dates or instants), submitter, q (text search), review, " +
      "f.<fieldId>=value and f.<fieldId>.min / .max. Collaborators read their own records only.",
    query: recordPageQuerySchema,
    response: recordPageSchema,
  },
  { method: "get", path: "/api/applications/:id/records/map", summary: "Read applications records map" },
  {
    method: "get",
    path: "/api/applications/:id/records/:recordId",
    summary: "Read one record",
    response: recordDetailSchema,
  },
  { method: "delete", path: "/api/applications/:id/records/:recordId", summary: "Delete applications records" },
  { method: "get", path: "/api/applications/:id/charts/timeline", summary: "Read applications charts timeline" },
  { method: "get", path: "/api/applications/:id/charts", summary: "Read applications charts" },
  { method: "get", path: "/api/applications/:id/:file{export\\.[a-z]+}", summary: "Export the records (CSV, XLSX, KML, GeoJSON), streamed", media: ["text/csv", "application/geo+json", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/vnd.google-earth.kml+xml"] },
  { method: "get", path: "/api/config", summary: "Read config", public: true },
  { method: "get", path: "/api/overview/records", summary: "Read overview records" },
]);
