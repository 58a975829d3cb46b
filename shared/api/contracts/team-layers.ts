import { defineRoute } from "../route-contract.ts";
import {
  layerFeatureCollectionSchema,
  TEAM_LAYER_MAX_BYTES,
  teamLayerSchema,
  teamLayersSchema,
  teamLayerUpdateSchema,
  teamLayerUploadSchema,
} from "../../map/team-layer.ts";
import { APPLICATION_ADMINS as EDITORS, APPLICATION_READERS as READERS } from "./audiences.ts";

const TAG = "Team layers";

/** The file's text inside JSON: escaping at most doubles KML's quotes and GeoJSON's, plus the name and colour. */
export const MAX_TEAM_LAYER_BODY_BYTES = TEAM_LAYER_MAX_BYTES * 2 + 4096;

export const listTeamLayers = defineRoute({
  operationId: "listTeamLayers",
  method: "get",
  path: "/api/applications/:id/team-layers",
  tag: TAG,
  summary: "List the application's team layers (plots, routes, areas of work) without their features",
  description: READERS,
  policy: "application.read",
  token: true,
  response: teamLayersSchema,
  errors: [],
});

export const uploadTeamLayer = defineRoute({
  operationId: "uploadTeamLayer",
  method: "post",
  path: "/api/applications/:id/team-layers",
  tag: TAG,
  summary: "Upload a GeoJSON or KML layer for the team",
  description:
    `${EDITORS} The file's text in \`content\`, its format from \`fileName\` (.geojson, .json, .kml). ` +
    "At most 2 MB, 5,000 features and 100,000 vertices; 20 layers an application.",
  policy: "application.edit",
  token: false,
  body: teamLayerUploadSchema,
  bodyCap: { maxBytes: MAX_TEAM_LAYER_BODY_BYTES, code: "TEAM_LAYER_TOO_LARGE" },
  response: teamLayerSchema,
  status: 201,
  errors: [
    "TEAM_LAYERS_LIMIT_REACHED",
    "TEAM_LAYER_EMPTY",
    "TEAM_LAYER_OUT_OF_RANGE",
    "TEAM_LAYER_TOO_LARGE",
    "TEAM_LAYER_TOO_MANY_FEATURES",
    "TEAM_LAYER_UNREADABLE",
  ],
});

export const getTeamLayerFeatures = defineRoute({
  operationId: "getTeamLayerFeatures",
  method: "get",
  path: "/api/applications/:id/team-layers/:layerId/features",
  tag: TAG,
  summary: "A layer's features as a GeoJSON FeatureCollection (never changes for a layer id)",
  description: READERS,
  policy: "application.read",
  token: true,
  response: layerFeatureCollectionSchema,
  errors: ["NOT_FOUND"],
});

export const updateTeamLayer = defineRoute({
  operationId: "updateTeamLayer",
  method: "patch",
  path: "/api/applications/:id/team-layers/:layerId",
  tag: TAG,
  summary: "Rename or recolour a team layer",
  description: EDITORS,
  policy: "application.edit",
  token: false,
  body: teamLayerUpdateSchema,
  response: teamLayerSchema,
  errors: ["NOT_FOUND"],
});

export const deleteTeamLayer = defineRoute({
  operationId: "deleteTeamLayer",
  method: "delete",
  path: "/api/applications/:id/team-layers/:layerId",
  tag: TAG,
  summary: "Remove a team layer (phones drop it the next time they load the form online)",
  description: EDITORS,
  policy: "application.edit",
  token: false,
  status: 204,
  errors: ["NOT_FOUND"],
});

export const teamLayerContracts = [
  listTeamLayers,
  uploadTeamLayer,
  getTeamLayerFeatures,
  updateTeamLayer,
  deleteTeamLayer,
];
