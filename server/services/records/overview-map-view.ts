import type { Db } from "../../db/client.ts";
import type { RecordQuery, RecordScope } from "../../db/queries/records.ts";
import type { MapViewQuery, OverviewMapViewData } from "../../../shared/map/map-view.ts";
import { loadMapView } from "./map-view.ts";

/** Each application of a query's scope as its own scope: collaborators' applications keep only the reader's records. */
function applicationScopes(scope: RecordQuery["scope"]): RecordScope[] {
  if ("applicationId" in scope) return [scope];
  return [
    ...scope.allOf.map((applicationId) => ({ applicationId, submitterId: undefined })),
    ...scope.ownOf.map((applicationId) => ({ applicationId, submitterId: scope.submitterId })),
  ];
}

/**
 * The /maps overview per view (issue 25): every application the reader reads answers the data map's own question
 * (loadMapView: the same grid, limits and simplification) for the view, so the overview draws clusters and shapes per
 * application in its colour and never loads every record. One application at a time: each is an index range scan.
 */
export async function loadOverviewMapView(
  db: Db,
  query: RecordQuery,
  view: MapViewQuery,
): Promise<OverviewMapViewData> {
  const groups: OverviewMapViewData["groups"] = [];
  for (const scope of applicationScopes(query.scope))
    groups.push({ applicationId: scope.applicationId, ...(await loadMapView(db, { ...query, scope }, view)) });
  return { groups };
}
