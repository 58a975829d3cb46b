import { defineRoute } from "../route-contract.ts";
import { mapViewQuerySchema, overviewMapViewDataSchema } from "../../map/map-view.ts";

export const getOverviewMapView = defineRoute({
  operationId: "getOverviewMapView",
  method: "get",
  path: "/api/overview/map-view",
  tag: "Overview",
  summary: "The /maps overview for one view: each application's clusters, or its records when few are in view",
  description:
    "Every application the caller reads, under its rules: collaborators see only their own records. Takes `zoom`, " +
    "`bbox` and the same filter parameters as /api/overview/records (`application=<id>` narrows to one, 404 when " +
    "not readable); without `bbox`, the whole world with each application's extent and unplaced count.",
  policy: "signedIn",
  token: false,
  query: mapViewQuerySchema,
  response: overviewMapViewDataSchema,
  errors: ["APPLICATION_NOT_FOUND"],
});

export const overviewContracts = [getOverviewMapView];
