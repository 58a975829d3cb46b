import { useQuery } from "@tanstack/react-query";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import { contractUrl } from "../../../../shared/api/contract-url.ts";
import { clearApplicationData } from "../../../lib/clear-application-data.ts";
import { getApplication } from "../../../../shared/api/contracts/applications.ts";
import {
  deleteRecord,
  exportRecords,
  getChart,
  getDataView,
  getRecord,
  getRecordsMapView,
  getTimeline,
  listRecords,
} from "../../../../shared/api/contracts/data.ts";
import {
  filterParams,
  recordsListQuery,
  recordsPageQuery,
  type RecordOrder,
  type RecordSort,
  type TimelineInterval,
} from "../../../../shared/records/record-filter.ts";
import type { Bbox } from "../../../../shared/map/map-view.ts";
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

const app = (applicationId: string) => ({ id: applicationId });
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const chartInput = (applicationId: string, filter: string, fieldId: string) => ({
  params: app(applicationId),
  query: { ...filterParams(filter), field: fieldId },
});
const timelineInput = (applicationId: string, filter: string, interval: TimelineInterval) => ({
  params: app(applicationId),
  query: { ...filterParams(filter), interval, tz: timeZone() },
});
/** `view` null: the whole world (the map's summary and extent), asked at the world's zoom but keyed apart. */
const mapViewQuery = (filter: string, view: MapViewRequest | null) =>
  view ? { ...filterParams(filter), ...mapViewParams(view) } : filterParams(filter);

/**
 * Query keys are the routes' paths, so everything the data page reads sits under the application's key (`all`);
 * they carry the filter's parameters, so every tab refetches when the shared filter changes.
 */
export const dataKeys = {
  all: (applicationId: string) => queryKeyOf(getApplication, { params: app(applicationId) }),
  view: (applicationId: string) => queryKeyOf(getDataView, { params: app(applicationId) }),
  /** Every page of the list (the cursor is the infinite query's, not the key's). */
  records: (applicationId: string, filter: string, sort: RecordSort, order: RecordOrder) =>
    resourceKey(listRecords.path, app(applicationId), recordsListQuery(filter, sort, order)),
  record: (applicationId: string, recordId: string) =>
    queryKeyOf(getRecord, { params: { id: applicationId, recordId } }),
  mapView: (applicationId: string, filter: string, view: MapViewRequest | null) =>
    resourceKey(getRecordsMapView.path, app(applicationId), mapViewQuery(filter, view)),
  chart: (applicationId: string, filter: string, fieldId: string) =>
    queryKeyOf(getChart, chartInput(applicationId, filter, fieldId)),
  timeline: (applicationId: string, filter: string, interval: TimelineInterval) =>
    queryKeyOf(getTimeline, timelineInput(applicationId, filter, interval)),
};

export const dataApi = {
  view: (applicationId: string) => callApi(getDataView, { params: app(applicationId) }),
  records: (
    applicationId: string,
    filter: string,
    page: { sort: RecordSort; order: RecordOrder; cursor?: string; limit: number },
  ) => callApi(listRecords, { params: app(applicationId), query: recordsPageQuery(filter, page) }),
  record: async (applicationId: string, recordId: string) =>
    (await callApi(getRecord, { params: { id: applicationId, recordId } })).record,
  deleteRecord: (applicationId: string, recordId: string) =>
    callApi(deleteRecord, { params: { id: applicationId, recordId } }),
  clearData: clearApplicationData,
  mapView: (applicationId: string, filter: string, view: MapViewRequest, signal?: AbortSignal) =>
    callApi(
      getRecordsMapView,
      { params: app(applicationId), query: { ...filterParams(filter), ...mapViewParams(view) } },
      { signal },
    ),
  chart: (applicationId: string, filter: string, fieldId: string) =>
    callApi(getChart, chartInput(applicationId, filter, fieldId)),
  timeline: (applicationId: string, filter: string, interval: TimelineInterval) =>
    callApi(getTimeline, timelineInput(applicationId, filter, interval)),
  /** A CSV for Excel in Brazilian Portuguese shows its times in the browser's time zone, as the data page does. */
  exportUrl: (applicationId: string, filter: string, format: string, language: string, csvDialect?: CsvDialectName) =>
    contractUrl(exportRecords, {
      params: { id: applicationId, file: `export.${format}` },
      query: {
        ...filterParams(filter),
        lang: language,
        csvDialect,
        tz: csvDialect === "excel-pt-BR" ? timeZone() : undefined,
      },
    }),
};

/** The application's fields and what this user may do with its data: the frame of every data tab. */
export function useDataView(applicationId: string) {
  return useQuery({ queryKey: dataKeys.view(applicationId), queryFn: () => dataApi.view(applicationId) });
}
