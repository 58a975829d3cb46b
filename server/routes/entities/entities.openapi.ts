import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  entityActionSchema,
  entityListInputSchema,
  entityResolutionSchema,
} from "../../../shared/entities/entity-schemas.ts";
import {
  applicationEntitiesSchema,
  entityActionResponseSchema,
  entityDetailSchema,
  entityListResponseSchema,
  entityListsResponseSchema,
  entitySchema,
} from "../../../shared/entities/entity-dtos.ts";

const EDITORS = "The application's owner and administrators, with a session.";
const READERS = "Everyone with a role in the application (super admins read).";

export const entitiesApi = declareRoutes("Entities", [
  {
    method: "get",
    path: "/api/applications/:id/entity-lists",
    summary: "The entity lists of the application's owner",
    description: EDITORS,
    response: entityListsResponseSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/entity-lists",
    summary: "Create an entity list for the application's owner (name, typed properties)",
    description: `${EDITORS} A name the owner already uses answers 409 ENTITY_LIST_NAME_TAKEN.`,
    body: entityListInputSchema,
    response: entityListResponseSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/applications/:id/entity-action",
    summary: "What the form's records do to an entity list (create or update), if anything",
    description: EDITORS,
    response: entityActionResponseSchema,
  },
  {
    method: "put",
    path: "/api/applications/:id/entity-action",
    summary: "Set what the form's records do to an entity list",
    description: `${EDITORS} A list, property or question that does not match answers 400 ENTITY_ACTION_INVALID.`,
    body: entityActionSchema,
    response: entityActionResponseSchema,
  },
  {
    method: "delete",
    path: "/api/applications/:id/entity-action",
    summary: "Stop the form's records from changing entities",
    description: EDITORS,
    response: entityActionResponseSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/entities",
    summary: "The form's entity action, its list and the list's entities (what phones keep offline)",
    description: READERS,
    response: applicationEntitiesSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/entities/:entityId",
    summary: "An entity of the application's list with every version it went through",
    description: READERS,
    response: entityDetailSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/entities/:entityId/resolve",
    summary: "Resolve an entity's conflict: the label and the value kept per property",
    description: `${EDITORS} A version other than the current one answers 409 ENTITY_VERSION_CHANGED.`,
    body: entityResolutionSchema,
    response: z.object({ entity: entitySchema }),
  },
]);
