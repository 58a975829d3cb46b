import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";

const ODATA_JSON = "application/json;odata.metadata=minimal";

/** The query options of an entity set (docs/integrations.md, "OData feed", has the grammar). */
const setOptions = z.object({
  $filter: z
    .string()
    .optional()
    .describe(
      "eq ne gt ge lt le, and or not, parentheses; contains startswith endswith indexof length tolower toupper trim concat substring; year month day hour minute second date now(); round floor ceiling",
    ),
  $orderby: z.string().optional().describe("Up to 8 comma-separated keys, each asc (default) or desc"),
  $select: z.string().optional().describe("Comma-separated property names, or *"),
  $top: z.string().optional(),
  $skip: z.string().optional(),
  $count: z.enum(["true", "false"]).optional(),
  $format: z.string().optional().describe("json only"),
  $skiptoken: z.string().optional().describe("As @odata.nextLink gives it"),
});

export const odataApi = declareRoutes("OData feed", [
  {
    method: "get",
    path: "/api/odata/applications/:id",
    summary: "OData v4 service document of the application's feed",
    media: [ODATA_JSON],
  },
  {
    method: "get",
    path: "/api/odata/applications/:id/",
    summary: "OData v4 service document of the application's feed",
    media: [ODATA_JSON],
  },
  {
    method: "get",
    path: "/api/odata/applications/:id/:resource",
    summary:
      "$metadata (CSDL XML), or the Records / Records_<repeat> entity sets with $filter, $orderby, $select, $top, $skip, $count",
    description:
      "Answers carry OData-Version: 4.0; an OData-MaxVersion below 4.0 answers 400. Options the feed does not do ($expand, $apply, $search, arithmetic, lambdas…) answer 501 naming them.",
    query: setOptions,
    media: [ODATA_JSON, "application/xml"],
  },
]);
