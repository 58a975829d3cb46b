import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import type { AuditKind } from "../../../shared/audit/audit-kinds.ts";
import type { ChangeLogFilters, ChangeLogPage } from "../../../shared/audit/change-log-dtos.ts";
import type { PermissionReport } from "../../../shared/permissions/permission-report.ts";

export interface ChangeLogFilter {
  applicationId?: string;
  actorId?: string;
  kind?: AuditKind;
}

function changeLogPath(filter: ChangeLogFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return `/api/change-log${query ? `?${query}` : ""}`;
}

/** The log, newest first, one page at a time ('Carregar mais' asks for the next). */
export function useChangeLog(filter: ChangeLogFilter) {
  return useInfiniteQuery({
    queryKey: ["change-log", filter],
    queryFn: ({ pageParam }) => api.get<ChangeLogPage>(changeLogPath(filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useChangeLogFilters() {
  return useQuery({
    queryKey: ["change-log", "filters"],
    queryFn: () => api.get<ChangeLogFilters>("/api/change-log/filters"),
  });
}

export function usePermissionReport() {
  return useQuery({
    queryKey: ["me", "permissions"],
    queryFn: () => api.get<PermissionReport>("/api/me/permissions"),
  });
}
