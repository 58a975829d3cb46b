import { declareRoutes } from "../../openapi/route-declaration.ts";

const ODATA_JSON = "application/json;odata.metadata=minimal";

export const odataApi = declareRoutes("OData feed", [
  {
    method: "get",
    path: "/api/odata/applications/:id",
    summary: "OData v4 service document of the application's feed",
    media: [ODATA_JSON],
  },
  {
    method: "get",
    path: "/api/odata/applications/:id/",
    summary: "OData v4 service document of the application's feed",
    media: [ODATA_JSON],
  },
  {
    method: "get",
    path: "/api/odata/applications/:id/:resource",
    summary:
      "$metadata (CSDL XML), or the Records / Records_<repeat> entity sets with $top, $skip, $count, $filter, $select",
    media: [ODATA_JSON, "application/xml"],
  },
]);
