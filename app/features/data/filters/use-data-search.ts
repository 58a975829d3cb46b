import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  isFilterParam,
  parseRecordFilter,
  recordFilterParams,
  RECORD_ORDER_DEFAULT,
  RECORD_ORDERS,
  RECORD_SORT_DEFAULT,
  RECORD_SORTS,
  type RecordFilter,
  type RecordOrder,
  type RecordSort,
} from "../../../../shared/records/record-filter.ts";

export const DATA_TABS = ["list", "map", "charts"] as const;
export type DataTab = (typeof DATA_TABS)[number];

/** The page's state that lives in the URL (so a view can be shared): tab, filter, sort and the charts' choices. */
export interface DataSearch {
  tab: DataTab;
  filter: RecordFilter;
  /** The filter as search parameters, in a stable order: the API calls and the query keys use it. */
  filterQuery: string;
  sort: RecordSort;
  order: RecordOrder;
  chartField: string | null;
  chartType: string | null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The URL keeps calendar days; the API gets the instants where the reader's local days begin and end. */
function withLocalDays(filter: RecordFilter): RecordFilter {
  const day = (value: string | undefined, end: boolean) => {
    const [, year, month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "") ?? [];
    if (!year || !month || !date) return value;
    const [y, m, d] = [Number(year), Number(month) - 1, Number(date)];
    return (end ? new Date(y, m, d, 23, 59, 59, 999) : new Date(y, m, d)).toISOString();
  };
  const from = day(filter.from, false);
  const to = day(filter.to, true);
  return { ...filter, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export function useDataSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo<DataSearch>(() => {
    const parsed = parseRecordFilter(params);
    // A hand-edited URL with a malformed condition shows everything rather than an error page.
    const filter = parsed.ok ? parsed.filter : { fields: {} };
    return {
      tab: oneOf(params.get("tab"), DATA_TABS, "list"),
      filter,
      filterQuery: recordFilterParams(withLocalDays(filter)).toString(),
      sort: oneOf(params.get("sort"), RECORD_SORTS, RECORD_SORT_DEFAULT),
      order: oneOf(params.get("order"), RECORD_ORDERS, RECORD_ORDER_DEFAULT),
      chartField: params.get("chart"),
      chartType: params.get("chartType"),
    };
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === "") next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilter = useCallback(
    (filter: RecordFilter) =>
      setParams(
        (current) => {
          const next = new URLSearchParams([...current].filter(([name]) => !isFilterParam(name)));
          for (const [name, value] of recordFilterParams(filter)) next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { search, update, setFilter };
}
