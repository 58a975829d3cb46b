import { declareRoutes } from "../../openapi/route-declaration.ts";

export const dataApi = declareRoutes("Data", [
  { method: "get", path: "/api/applications/:id/data-view", summary: "Read applications data view" },
  { method: "get", path: "/api/applications/:id/records", summary: "Read applications records" },
  { method: "get", path: "/api/applications/:id/records/map", summary: "Read applications records map" },
  { method: "get", path: "/api/applications/:id/records/:recordId", summary: "Read applications records" },
  { method: "delete", path: "/api/applications/:id/records/:recordId", summary: "Delete applications records" },
  { method: "get", path: "/api/applications/:id/charts/timeline", summary: "Read applications charts timeline" },
  { method: "get", path: "/api/applications/:id/charts", summary: "Read applications charts" },
  { method: "get", path: "/api/applications/:id/:file{export\\.[a-z]+}", summary: "Export the records (CSV, XLSX, KML, GeoJSON), streamed", media: ["text/csv", "application/geo+json", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/vnd.google-earth.kml+xml"] },
  { method: "get", path: "/api/config", summary: "Read config", public: true },
  { method: "get", path: "/api/overview/records", summary: "Read overview records" },
]);
