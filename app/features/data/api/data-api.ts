import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { clearApplicationData } from "../../../lib/clear-application-data.ts";
import type {
  ChartData,
  DataView,
  RecordPage,
  RecordView,
  TimelineData,
} from "../../../../shared/records/record-view.ts";
import type { RecordOrder, RecordSort, TimelineInterval } from "../../../../shared/records/record-filter.ts";
import type { Bbox, MapViewData } from "../../../../shared/map/map-view.ts";
import type { CsvDialectName } from "../../../../shared/records/csv-export-options.ts";

/** Where the data map asks about: its zoom, and its bounds (none: the whole world). */
export interface MapViewRequest {
  zoom: number;
  bbox?: Bbox;
}

/** A view's search parameters: its zoom, and its bbox to a tenth of a metre. */
export function mapViewParams(view: MapViewRequest): { zoom: string; bbox: string | undefined } {
  return { zoom: view.zoom.toFixed(2), bbox: view.bbox?.map((degrees) => degrees.toFixed(6)).join(",") };
}

const base = (applicationId: string) => `/api/applications/${encodeURIComponent(applicationId)}`;

/** Query keys carry the filter's search string, so every tab refetches when the shared filter changes. */
export const dataKeys = {
  all: (applicationId: string) => ["data", applicationId] as const,
  view: (applicationId: string) => ["data", applicationId, "view"] as const,
  records: (applicationId: string, filter: string, sort: RecordSort, order: RecordOrder) =>
    ["data", applicationId, "records", filter, sort, order] as const,
  record: (applicationId: string, recordId: string) => ["data", applicationId, "record", recordId] as const,
  /** `view` null: the whole world (the map's summary and extent). */
  mapView: (applicationId: string, filter: string, view: MapViewRequest | null) =>
    ["data", applicationId, "map-view", filter, view] as const,
  chart: (applicationId: string, filter: string, fieldId: string) =>
    ["data", applicationId, "chart", filter, fieldId] as const,
  timeline: (applicationId: string, filter: string, interval: TimelineInterval) =>
    ["data", applicationId, "timeline", filter, interval] as const,
};

function withFilter(filter: string, extra: Record<string, string | undefined>): string {
  const params = new URLSearchParams(filter);
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const dataApi = {
  view: (applicationId: string) => api.get<DataView>(`${base(applicationId)}/data-view`),
  records: (
    applicationId: string,
    filter: string,
    page: { sort: RecordSort; order: RecordOrder; cursor?: string; limit: number },
  ) =>
    api.get<RecordPage>(
      `${base(applicationId)}/records${withFilter(filter, { sort: page.sort, order: page.order, cursor: page.cursor, limit: String(page.limit) })}`,
    ),
  record: async (applicationId: string, recordId: string) =>
    (await api.get<{ record: RecordView }>(`${base(applicationId)}/records/${encodeURIComponent(recordId)}`)).record,
  deleteRecord: (applicationId: string, recordId: string) =>
    api.delete<void>(`${base(applicationId)}/records/${encodeURIComponent(recordId)}`),
  clearData: clearApplicationData,
  mapView: (applicationId: string, filter: string, view: MapViewRequest, signal?: AbortSignal) =>
    api.get<MapViewData>(`${base(applicationId)}/records/map-view${withFilter(filter, mapViewParams(view))}`, {
      signal,
    }),
  chart: (applicationId: string, filter: string, fieldId: string) =>
    api.get<ChartData>(`${base(applicationId)}/charts${withFilter(filter, { field: fieldId })}`),
  timeline: (applicationId: string, filter: string, interval: TimelineInterval) =>
    api.get<TimelineData>(
      `${base(applicationId)}/charts/timeline${withFilter(filter, { interval, tz: Intl.DateTimeFormat().resolvedOptions().timeZone })}`,
    ),
  /** A CSV for Excel in Brazilian Portuguese shows its times in the browser's time zone, as the data page does. */
  exportUrl: (applicationId: string, filter: string, format: string, language: string, csvDialect?: CsvDialectName) =>
    `${base(applicationId)}/export.${format}${withFilter(filter, { lang: language, csvDialect, tz: csvDialect === "excel-pt-BR" ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined })}`,
};

/** The application's fields and what this user may do with its data: the frame of every data tab. */
export function useDataView(applicationId: string) {
  return useQuery({ queryKey: dataKeys.view(applicationId), queryFn: () => dataApi.view(applicationId) });
}
