import { z } from "zod";
import { defineRoute } from "../route-contract.ts";

/**
 * The OData feed's `$count` segment. The feed's other routes are still declared in
 * server/routes/odata/odata.openapi.ts; the segment is a contract since route contracts came (issue 28).
 */
export const countODataSet = defineRoute({
  operationId: "countODataSet",
  method: "get",
  path: "/api/odata/applications/:id/:resource/:segment",
  tag: "OData feed",
  summary: "`$count` of an entity set (…/Records/$count): how many entities match $filter, as plain text",
  description:
    "Whoever may export the application, with a session or an API token (Basic with the token as the password, or Bearer). $top and $skip do not change a count; a segment other than $count answers 404.",
  policy: "application.export",
  token: true,
  params: z.object({ id: z.string(), resource: z.string(), segment: z.string() }),
  query: z.object({
    $filter: z.string().optional().describe("As on the entity set: docs/integrations.md, OData feed"),
  }),
  media: ["text/plain"],
  errors: ["NOT_FOUND", "NOT_IMPLEMENTED"],
});

export const odataContracts = [countODataSet];
