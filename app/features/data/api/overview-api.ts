import { getOverview, getOverviewMapView, listOverviewRecords } from "../../../../shared/api/contracts/overview.ts";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import { filterParams } from "../../../../shared/records/record-filter.ts";
import { mapViewParams, type MapViewRequest } from "./data-api.ts";
import type { RecordOrder, RecordSort } from "../../../../shared/records/record-filter.ts";

/** The cross-application screens (/data, /maps): the same filter search string as one application's data page. */
export const overviewKeys = {
  view: queryKeyOf(getOverview, {}),
  /** Every page of the list (the cursor is the infinite query's, not the key's). */
  records: (query: string, sort: RecordSort, order: RecordOrder) =>
    resourceKey(listOverviewRecords.path, {}, { ...filterParams(query), sort, order }),
  /** `view` null: the whole world (the legend's counts and the extent), keyed apart from every view. */
  mapView: (query: string, view: MapViewRequest | null) =>
    resourceKey(
      getOverviewMapView.path,
      {},
      view ? { ...filterParams(query), ...mapViewParams(view) } : filterParams(query),
    ),
};

export const overviewApi = {
  view: () => callApi(getOverview, {}),
  records: (query: string, page: { sort: RecordSort; order: RecordOrder; cursor?: string; limit: number }) =>
    callApi(listOverviewRecords, {
      query: { ...filterParams(query), sort: page.sort, order: page.order, limit: page.limit, cursor: page.cursor },
    }),
  /** The filter's own parameters (dates, text, submitter, application) ride beside the view's. */
  mapView: (query: string, view: MapViewRequest, signal?: AbortSignal) =>
    callApi(getOverviewMapView, { query: { ...filterParams(query), ...mapViewParams(view) } }, { signal }),
};
