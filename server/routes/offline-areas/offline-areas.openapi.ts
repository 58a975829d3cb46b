import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  offlineAreaInputSchema,
  teamOfflineAreaSchema,
  teamOfflineAreasSchema,
} from "../../../shared/map/offline-area.ts";

export const offlineAreasApi = declareRoutes("Offline base map areas", [
  {
    method: "get",
    path: "/api/applications/:id/offline-areas",
    summary: "List the base map areas defined for the application's team to save on their phones",
    description: "Anyone who may read the application.",
    response: teamOfflineAreasSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/offline-areas",
    summary: "Define a base map area (bounding box and zoom range) for the team",
    description:
      "Application administrators. At most 50,000 tiles an area and 50 areas an application (409 " +
      "OFFLINE_AREAS_LIMIT_REACHED).",
    body: offlineAreaInputSchema,
    response: teamOfflineAreaSchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/api/applications/:id/offline-areas/:areaId",
    summary: "Remove a team base map area (phones keep what they saved)",
    description: "Application administrators.",
    status: 204,
  },
]);
