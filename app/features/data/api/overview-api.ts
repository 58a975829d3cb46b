import { api } from "../../../lib/api-client.ts";
import type { OverviewRecordPage } from "../../../../shared/records/overview.ts";
import { getOverview, getOverviewMapView } from "../../../../shared/api/contracts/overview.ts";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { mapViewParams, type MapViewRequest } from "./data-api.ts";
import type { RecordOrder, RecordSort } from "../../../../shared/records/record-filter.ts";

/** The cross-application screens (/data, /maps): the same filter search string as one application's data page. */
export const overviewKeys = {
  view: queryKeyOf(getOverview, {}),
  records: (query: string, sort: RecordSort, order: RecordOrder) =>
    ["overview", "records", query, sort, order] as const,
  /** `view` null: the whole world (the legend's counts and the extent). */
  mapView: (query: string, view: MapViewRequest | null) => ["overview", "map-view", query, view] as const,
};

export const overviewApi = {
  view: () => callApi(getOverview, {}),
  records: (query: string, page: { sort: RecordSort; order: RecordOrder; cursor?: string; limit: number }) => {
    const params = new URLSearchParams(query);
    params.set("sort", page.sort);
    params.set("order", page.order);
    params.set("limit", String(page.limit));
    if (page.cursor) params.set("cursor", page.cursor);
    return api.get<OverviewRecordPage>(`/api/overview/records?${params.toString()}`);
  },
  /** The filter's own parameters (dates, text, submitter, application) ride beside the view's. */
  mapView: (query: string, view: MapViewRequest, signal?: AbortSignal) =>
    callApi(
      getOverviewMapView,
      { query: { ...Object.fromEntries(new URLSearchParams(query)), ...mapViewParams(view) } },
      { signal },
    ),
};
