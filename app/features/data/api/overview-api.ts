import { api } from "../../../lib/api-client.ts";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { getOverview } from "../../../../shared/api/contracts/overview.ts";
import type { OverviewMapData, OverviewRecordPage } from "../../../../shared/records/overview.ts";
import type { RecordOrder, RecordSort } from "../../../../shared/records/record-filter.ts";

/** The cross-application screens (/data, /maps): the same filter search string as one application's data page. */
export const overviewKeys = {
  view: queryKeyOf(getOverview, {}),
  records: (query: string, sort: RecordSort, order: RecordOrder) =>
    ["overview", "records", query, sort, order] as const,
  map: (query: string) => ["overview", "map", query] as const,
};

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

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
  map: (query: string) => api.get<OverviewMapData>(withQuery("/api/overview/map", query)),
};
