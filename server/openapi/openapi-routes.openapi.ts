import { z } from "zod";
import { declareRoutes } from "./route-declaration.ts";

export const openApiRoutesApi = declareRoutes("Reference", [
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This OpenAPI 3.1 document (with an ETag)",
    response: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
    public: true,
  },
  { method: "get", path: "/api/docs", summary: "The API reference page", media: ["text/html"], public: true },
  {
    method: "get",
    path: "/api/docs/:asset",
    summary: "The reference page's scripts and styles",
    media: ["text/javascript", "text/css"],
    public: true,
  },
]);
