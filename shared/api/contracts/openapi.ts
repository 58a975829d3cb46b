import { z } from "zod";
import { defineRoute } from "../route-contract.ts";

const TAG = "Reference";

export const getOpenApiDocument = defineRoute({
  operationId: "getOpenApiDocument",
  method: "get",
  path: "/api/openapi.json",
  tag: TAG,
  summary: "This OpenAPI 3.1 document (with an ETag)",
  description: "Answers 304 with no body to an `If-None-Match` that names the current version.",
  policy: "public",
  token: true,
  response: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
  errors: [],
});

export const getApiDocsPage = defineRoute({
  operationId: "getApiDocsPage",
  method: "get",
  path: "/api/docs",
  tag: TAG,
  summary: "The API reference page",
  policy: "public",
  token: true,
  media: ["text/html"],
  errors: [],
});

export const getApiDocsAsset = defineRoute({
  operationId: "getApiDocsAsset",
  method: "get",
  path: "/api/docs/:asset",
  tag: TAG,
  summary: "The reference page's scripts and styles",
  policy: "public",
  token: true,
  media: ["text/javascript", "text/css"],
  errors: ["NOT_FOUND"],
});

export const openApiContracts = [getOpenApiDocument, getApiDocsPage, getApiDocsAsset];
