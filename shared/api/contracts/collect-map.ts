import { defineRoute } from "../route-contract.ts";
import { collectMapRecordsSchema } from "../../map/collect-map-records.ts";

export const listCollectMapRecords = defineRoute({
  operationId: "listCollectMapRecords",
  method: "get",
  path: "/api/applications/:id/collect-map/records",
  tag: "Collect map",
  summary: "The latest 500 records with a location or a line or area answer that the caller may see, newest first",
  description: "Anyone who may read the application; a collaborator gets their own records only.",
  policy: "application.read",
  token: true,
  response: collectMapRecordsSchema,
  errors: [],
});

export const collectMapContracts = [listCollectMapRecords];
