import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import {
  entityCreateSchema,
  entityExportQuerySchema,
  entityFilterSchema,
  entityMapSchema,
  entityPageQuerySchema,
  entityPageSchema,
} from "../../entities/entity-browse.ts";
import { entitySchema } from "../../entities/entity-dtos.ts";
import {
  ENTITY_UPLOAD_MAX_BODY_BYTES,
  entityUploadResultSchema,
  entityUploadSchema,
} from "../../entities/entity-upload.ts";

const TAG = "Entities";
const READERS = "Everyone with a role in the application (super admins read), or a token scoped to it.";
const WRITERS = "The application's owner and administrators, with a session or a token with write access.";
const NO_LIST = "A form that acts on no entity list answers 404 ENTITY_LIST_NOT_FOUND.";

export const getEntityPage = defineRoute({
  operationId: "getEntityPage",
  method: "get",
  path: "/api/applications/:id/entity-page",
  tag: TAG,
  summary: "One page of the form's entity list by label, filtered, with the number matching",
  description: `${READERS} \`q\` finds words in the label or any value (case and accents ignored); \`origin\` is how the entity was made. ${NO_LIST}`,
  policy: "application.read",
  token: true,
  query: entityPageQuerySchema,
  response: entityPageSchema,
  errors: ["ENTITY_LIST_NOT_FOUND"],
});

export const getEntityMap = defineRoute({
  operationId: "getEntityMap",
  method: "get",
  path: "/api/applications/:id/entity-map",
  tag: TAG,
  summary: "The placed entities matching the filters (at most 10,000; `truncated` when more match)",
  description: `${READERS} ${NO_LIST}`,
  policy: "application.read",
  token: true,
  query: entityFilterSchema,
  response: entityMapSchema,
  errors: ["ENTITY_LIST_NOT_FOUND"],
});

export const exportEntities = defineRoute({
  operationId: "exportEntities",
  method: "get",
  path: "/api/applications/:id/entity-export",
  tag: TAG,
  summary: "The entities matching the filters as CSV (the upload's header), Excel or GeoJSON, streamed",
  description: `Whoever may export the application's records. ${NO_LIST}`,
  policy: "application.export",
  token: true,
  query: entityExportQuerySchema,
  media: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/geo+json"],
  errors: ["ENTITY_LIST_NOT_FOUND"],
});

export const createEntity = defineRoute({
  operationId: "createEntity",
  method: "post",
  path: "/api/applications/:id/entities",
  tag: TAG,
  summary: "Make an entity in the form's list (201); the same id again answers the entity already made (200)",
  description: `${WRITERS} Values must fit the list's property types (400 naming \`properties.<name>\`); an id of another list's entity answers 409 ENTITY_ID_TAKEN. ${NO_LIST} Sends entity.created.`,
  policy: "application.writeEntities",
  token: true,
  body: entityCreateSchema,
  response: z.object({ entity: entitySchema }),
  status: 201,
  errors: ["ENTITY_LIST_NOT_FOUND", "ENTITY_ID_TAKEN"],
});

export const uploadEntities = defineRoute({
  operationId: "uploadEntities",
  method: "post",
  path: "/api/applications/:id/entity-upload",
  tag: TAG,
  summary: "Make and change entities of the form's list from a CSV (`label`, properties, `name` to update)",
  description: `${WRITERS} Up to 5 MB and 20,000 rows. A bad row is answered in \`errors\` by its line and the others are stored; a header naming an unknown column refuses the file. ${NO_LIST} Sends entity.created / entity.updated.`,
  policy: "application.writeEntities",
  token: true,
  body: entityUploadSchema,
  bodyCap: { maxBytes: ENTITY_UPLOAD_MAX_BODY_BYTES, code: "FILE_TOO_LARGE" },
  response: entityUploadResultSchema,
  errors: ["ENTITY_LIST_NOT_FOUND", "ENTITY_UPLOAD_UNREADABLE", "ENTITY_UPLOAD_TOO_MANY_ROWS"],
});

const FEED = "The OData v4 feed of the form's entity list (ODK Central's dataset feed), read like an export.";
const FEED_MEDIA = ["application/json", "application/xml"] as const;

export const entityFeedService = defineRoute({
  operationId: "entityFeedService",
  method: "get",
  path: "/api/odata/entities/:id",
  tag: TAG,
  summary: "The entity list feed's service document",
  description: `${FEED} ${NO_LIST}`,
  policy: "application.export",
  token: true,
  media: FEED_MEDIA,
  errors: ["ENTITY_LIST_NOT_FOUND"],
});

export const entityFeedServiceRoot = defineRoute({
  ...entityFeedService,
  operationId: "entityFeedServiceRoot",
  path: "/api/odata/entities/:id/",
});

export const entityFeedResource = defineRoute({
  operationId: "entityFeedResource",
  method: "get",
  path: "/api/odata/entities/:id/:resource",
  tag: TAG,
  summary: "`$metadata`, or the `Entities` set with $top, $skip, $count and $select",
  description: `${FEED} $filter answers 501 on this feed. ${NO_LIST}`,
  policy: "application.export",
  token: true,
  media: FEED_MEDIA,
  errors: ["ENTITY_LIST_NOT_FOUND", "NOT_FOUND", "NOT_IMPLEMENTED"],
});

export const entityDataContracts = [
  getEntityPage,
  getEntityMap,
  exportEntities,
  createEntity,
  uploadEntities,
  entityFeedService,
  entityFeedServiceRoot,
  entityFeedResource,
];
