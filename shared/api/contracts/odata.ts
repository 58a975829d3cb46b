import { z } from "zod";
import { defineRoute } from "../route-contract.ts";

const TAG = "OData feed";
const ROOT = "/api/odata/applications/:id";
const ODATA_JSON = "application/json;odata.metadata=minimal";
const READERS =
  "Whoever may export the application (the exports' policy), with a session or an API token (Basic with the token " +
  "as the password, or Bearer), a token only within its scopes. Errors are OData's JSON errors.";

/** The service document: the feed's entity sets (Records and one per repeat). */
const serviceDocumentSchema = z.object({
  "@odata.context": z.string(),
  value: z.array(z.object({ name: z.string(), kind: z.string(), url: z.string() }).loose()),
});

/** An entity set's page: its records (each a flat object of the form's columns), a count and a next link if asked. */
const entitySetSchema = z
  .object({
    "@odata.context": z.string(),
    "@odata.count": z.number().int().optional(),
    value: z.array(z.record(z.string(), z.unknown())),
    "@odata.nextLink": z.string().optional(),
  })
  .loose();

export const getODataServiceDocument = defineRoute({
  operationId: "getODataServiceDocument",
  method: "get",
  path: ROOT,
  tag: TAG,
  summary: "OData v4 service document of the application's feed",
  description: READERS,
  policy: "application.export",
  token: true,
  response: serviceDocumentSchema,
  media: [ODATA_JSON],
  errors: [],
});

export const getODataServiceDocumentSlash = defineRoute({
  operationId: "getODataServiceDocumentSlash",
  method: "get",
  path: `${ROOT}/`,
  tag: TAG,
  summary: "OData v4 service document of the application's feed (the root with its trailing slash, as BI tools ask)",
  description: READERS,
  policy: "application.export",
  token: true,
  response: serviceDocumentSchema,
  media: [ODATA_JSON],
  errors: [],
});

export const getODataResource = defineRoute({
  operationId: "getODataResource",
  method: "get",
  path: `${ROOT}/:resource`,
  tag: TAG,
  summary:
    "$metadata (CSDL XML), or the Records / Records_<repeat> entity sets with $top, $skip, $count, $filter, $select",
  description: `${READERS} What the feed does not support answers 501 NOT_IMPLEMENTED.`,
  policy: "application.export",
  token: true,
  response: entitySetSchema,
  media: [ODATA_JSON, "application/xml"],
  errors: ["NOT_FOUND", "NOT_IMPLEMENTED"],
});

export const odataContracts = [getODataServiceDocument, getODataServiceDocumentSlash, getODataResource];
