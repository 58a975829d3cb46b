import { defineRoute } from "../route-contract.ts";
import { offlineAreaInputSchema, teamOfflineAreaSchema, teamOfflineAreasSchema } from "../../map/offline-area.ts";
import { APPLICATION_ADMINS, APPLICATION_READERS } from "./audiences.ts";

const TAG = "Offline base map areas";

export const listOfflineAreas = defineRoute({
  operationId: "listOfflineAreas",
  method: "get",
  path: "/api/applications/:id/offline-areas",
  tag: TAG,
  summary: "List the base map areas defined for the application's team to save on their phones",
  description: APPLICATION_READERS,
  policy: "application.read",
  token: true,
  response: teamOfflineAreasSchema,
  errors: [],
});

export const createOfflineArea = defineRoute({
  operationId: "createOfflineArea",
  method: "post",
  path: "/api/applications/:id/offline-areas",
  tag: TAG,
  summary: "Define a base map area (bounding box and zoom range) for the team",
  description:
    "Application administrators, with a session. At most 50,000 tiles an area and 50 areas an application (409 " +
    "OFFLINE_AREAS_LIMIT_REACHED).",
  policy: "application.edit",
  token: false,
  body: offlineAreaInputSchema,
  response: teamOfflineAreaSchema,
  status: 201,
  errors: ["OFFLINE_AREAS_LIMIT_REACHED"],
});

export const deleteOfflineArea = defineRoute({
  operationId: "deleteOfflineArea",
  method: "delete",
  path: "/api/applications/:id/offline-areas/:areaId",
  tag: TAG,
  summary: "Remove a team base map area (phones keep what they saved)",
  description: APPLICATION_ADMINS,
  policy: "application.edit",
  token: false,
  status: 204,
  errors: ["NOT_FOUND"],
});

export const offlineAreaContracts = [listOfflineAreas, createOfflineArea, deleteOfflineArea];
