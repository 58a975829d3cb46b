import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  layerFeatureCollectionSchema,
  teamLayerSchema,
  teamLayersSchema,
  teamLayerUpdateSchema,
  teamLayerUploadSchema,
} from "../../../shared/map/team-layer.ts";

export const teamLayersApi = declareRoutes("Team layers", [
  {
    method: "get",
    path: "/api/applications/:id/team-layers",
    summary: "List the application's team layers (plots, routes, areas of work) without their features",
    description: "Anyone who may read the application.",
    response: teamLayersSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/team-layers",
    summary: "Upload a GeoJSON or KML layer for the team",
    description:
      "Application administrators. The file's text in `content`, its format from `fileName` (.geojson, .json, .kml). " +
      "At most 2 MB, 5,000 features and 100,000 vertices; 20 layers an application.",
    body: teamLayerUploadSchema,
    response: teamLayerSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/applications/:id/team-layers/:layerId/features",
    summary: "A layer's features as a GeoJSON FeatureCollection (never changes for a layer id)",
    description: "Anyone who may read the application.",
    response: layerFeatureCollectionSchema,
  },
  {
    method: "patch",
    path: "/api/applications/:id/team-layers/:layerId",
    summary: "Rename or recolour a team layer",
    description: "Application administrators.",
    body: teamLayerUpdateSchema,
    response: teamLayerSchema,
  },
  {
    method: "delete",
    path: "/api/applications/:id/team-layers/:layerId",
    summary: "Remove a team layer (phones drop it the next time they load the form online)",
    description: "Application administrators.",
    status: 204,
  },
]);
