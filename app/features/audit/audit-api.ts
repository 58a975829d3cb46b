import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../lib/api-call.ts";
import type { AuditKind } from "../../../shared/audit/audit-kinds.ts";
import { getChangeLogFilters, listChangeLog } from "../../../shared/api/contracts/change-log.ts";
import { getMyPermissions } from "../../../shared/api/contracts/me.ts";

export interface ChangeLogFilter {
  applicationId?: string;
  actorId?: string;
  kind?: AuditKind;
}

/** Empty filters are left out of the request, as the page's "all" choice. */
function queryOf(filter: ChangeLogFilter) {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => Boolean(value))) as ChangeLogFilter;
}

/** The log, newest first, one page at a time ('Carregar mais' asks for the next). */
export function useChangeLog(filter: ChangeLogFilter) {
  const query = queryOf(filter);
  return useInfiniteQuery({
    queryKey: queryKeyOf(listChangeLog, { query }),
    queryFn: ({ pageParam }) =>
      callApi(listChangeLog, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useChangeLogFilters() {
  return useQuery({
    queryKey: queryKeyOf(getChangeLogFilters, {}),
    queryFn: () => callApi(getChangeLogFilters, {}),
  });
}

export function usePermissionReport() {
  return useQuery({
    queryKey: queryKeyOf(getMyPermissions, {}),
    queryFn: () => callApi(getMyPermissions, {}),
  });
}
