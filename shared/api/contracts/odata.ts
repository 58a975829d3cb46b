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

/** The query options of an entity set (docs/integrations.md, "OData feed", has the grammar); the feed checks them. */
const setOptions = z.object({
  $filter: z
    .string()
    .optional()
    .describe(
      "eq ne gt ge lt le, and or not, parentheses; contains startswith endswith indexof length tolower toupper trim " +
        "concat substring; year month day hour minute second date now(); round floor ceiling",
    ),
  $orderby: z.string().optional().describe("Up to 8 comma-separated keys, each asc (default) or desc"),
  $select: z.string().optional().describe("Comma-separated property names, or *"),
  $top: z.string().optional(),
  $skip: z.string().optional(),
  $count: z.string().optional().describe("true or false"),
  $format: z.string().optional().describe("json only"),
  $skiptoken: z.string().optional().describe("As @odata.nextLink gives it"),
});

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
  ...getODataServiceDocument,
  operationId: "getODataServiceDocumentSlash",
  path: `${ROOT}/`,
  summary: "OData v4 service document of the application's feed (the root with its trailing slash, as BI tools ask)",
});

export const getODataResource = defineRoute({
  operationId: "getODataResource",
  method: "get",
  path: `${ROOT}/:resource`,
  tag: TAG,
  summary:
    "$metadata (CSDL XML), or the Records / Records_<repeat> entity sets with $filter, $orderby, $select, $top, $skip, $count",
  description:
    `${READERS} Answers carry OData-Version: 4.0; an OData-MaxVersion below 4.0 answers 400. Options the feed does ` +
    "not do ($expand, $apply, $search, arithmetic, lambdas…) answer 501 NOT_IMPLEMENTED naming them.",
  policy: "application.export",
  token: true,
  query: setOptions,
  response: entitySetSchema,
  media: [ODATA_JSON, "application/xml"],
  errors: ["NOT_FOUND", "NOT_IMPLEMENTED"],
});

export const countODataSet = defineRoute({
  operationId: "countODataSet",
  method: "get",
  path: `${ROOT}/:resource/:segment`,
  tag: TAG,
  summary: "`$count` of an entity set (…/Records/$count): how many entities match $filter, as plain text",
  description: `${READERS} $top and $skip do not change a count; a segment other than $count answers 404.`,
  policy: "application.export",
  token: true,
  params: z.object({ id: z.string(), resource: z.string(), segment: z.string() }),
  query: z.object({
    $filter: z.string().optional().describe("As on the entity set: docs/integrations.md, OData feed"),
  }),
  media: ["text/plain"],
  errors: ["NOT_FOUND", "NOT_IMPLEMENTED"],
});

export const odataContracts = [getODataServiceDocument, getODataServiceDocumentSlash, getODataResource, countODataSet];
