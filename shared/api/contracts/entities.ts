import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { entityActionSchema, entityListInputSchema, entityResolutionSchema } from "../../entities/entity-schemas.ts";
import {
  applicationEntitiesSchema,
  entityActionResponseSchema,
  entityDetailSchema,
  entityListResponseSchema,
  entityListsResponseSchema,
  entitySchema,
} from "../../entities/entity-dtos.ts";
import { APPLICATION_ADMINS as EDITORS, APPLICATION_READERS as READERS } from "./audiences.ts";

const TAG = "Entities";

export const listEntityLists = defineRoute({
  operationId: "listEntityLists",
  method: "get",
  path: "/api/applications/:id/entity-lists",
  tag: TAG,
  summary: "The entity lists of the application's owner",
  description: EDITORS,
  policy: "application.edit",
  token: false,
  response: entityListsResponseSchema,
  errors: [],
});

export const createEntityList = defineRoute({
  operationId: "createEntityList",
  method: "post",
  path: "/api/applications/:id/entity-lists",
  tag: TAG,
  summary: "Create an entity list for the application's owner (name, typed properties)",
  description: `${EDITORS} A name the owner already uses answers 409 ENTITY_LIST_NAME_TAKEN.`,
  policy: "application.edit",
  token: false,
  body: entityListInputSchema,
  response: entityListResponseSchema,
  status: 201,
  errors: ["ENTITY_LIST_NAME_TAKEN"],
});

export const getEntityAction = defineRoute({
  operationId: "getEntityAction",
  method: "get",
  path: "/api/applications/:id/entity-action",
  tag: TAG,
  summary: "What the form's records do to an entity list (create or update), if anything",
  description: EDITORS,
  policy: "application.edit",
  token: false,
  response: entityActionResponseSchema,
  errors: [],
});

export const setEntityAction = defineRoute({
  operationId: "setEntityAction",
  method: "put",
  path: "/api/applications/:id/entity-action",
  tag: TAG,
  summary: "Set what the form's records do to an entity list",
  description: `${EDITORS} A list, property or question that does not match answers 400 ENTITY_ACTION_INVALID.`,
  policy: "application.edit",
  token: false,
  body: entityActionSchema,
  response: entityActionResponseSchema,
  errors: ["ENTITY_ACTION_INVALID", "ENTITY_LIST_NOT_FOUND"],
});

export const deleteEntityAction = defineRoute({
  operationId: "deleteEntityAction",
  method: "delete",
  path: "/api/applications/:id/entity-action",
  tag: TAG,
  summary: "Stop the form's records from changing entities",
  description: EDITORS,
  policy: "application.edit",
  token: false,
  response: entityActionResponseSchema,
  errors: [],
});

export const listApplicationEntities = defineRoute({
  operationId: "listApplicationEntities",
  method: "get",
  path: "/api/applications/:id/entities",
  tag: TAG,
  summary: "The form's entity action, its list and the list's entities (what phones keep offline)",
  description: READERS,
  policy: "application.read",
  token: true,
  response: applicationEntitiesSchema,
  errors: [],
});

export const getApplicationEntity = defineRoute({
  operationId: "getApplicationEntity",
  method: "get",
  path: "/api/applications/:id/entities/:entityId",
  tag: TAG,
  summary: "An entity of the application's list with every version it went through",
  description: READERS,
  policy: "application.read",
  token: true,
  response: entityDetailSchema,
  errors: ["ENTITY_NOT_FOUND"],
});

export const resolveEntityConflict = defineRoute({
  operationId: "resolveEntityConflict",
  method: "post",
  path: "/api/applications/:id/entities/:entityId/resolve",
  tag: TAG,
  summary: "Resolve an entity's conflict: the label and the value kept per property",
  description: `${EDITORS} A version other than the current one answers 409 ENTITY_VERSION_CHANGED.`,
  policy: "application.edit",
  token: false,
  body: entityResolutionSchema,
  response: z.object({ entity: entitySchema }),
  errors: ["ENTITY_NOT_FOUND", "ENTITY_VERSION_CHANGED"],
});

export const entityContracts = [
  listEntityLists,
  createEntityList,
  getEntityAction,
  setEntityAction,
  deleteEntityAction,
  listApplicationEntities,
  getApplicationEntity,
  resolveEntityConflict,
];
