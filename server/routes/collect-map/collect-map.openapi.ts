import { declareRoutes } from "../../openapi/route-declaration.ts";
import { collectMapRecordsSchema } from "../../../shared/map/collect-map-records.ts";

export const collectMapApi = declareRoutes("Collect map", [
  {
    method: "get",
    path: "/api/applications/:id/collect-map/records",
    summary: "The latest 500 records with a location or a line or area answer that the caller may see, newest first",
    description: "Anyone who may read the application; a collaborator gets their own records only.",
    response: collectMapRecordsSchema,
  },
]);
