import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { EntityFilter, EntityMapDto, EntityPageDto } from "../../../../shared/entities/entity-browse.ts";
import type { EntityUploadResultDto } from "../../../../shared/entities/entity-upload.ts";
import type { EntityAction } from "../../../../shared/entities/entity-schemas.ts";

const app = (applicationId: string) => `/api/applications/${applicationId}`;
/** Under the key the setup's mutations invalidate, so a new link or upload shows at once. */
const entitiesKey = (applicationId: string) => ["entities", applicationId];

/** The filters as query parameters; absent ones are left out. */
export function filterParams(filter: EntityFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.conflict !== undefined) params.set("conflict", String(filter.conflict));
  if (filter.origin) params.set("origin", filter.origin);
  return params;
}

export function useEntityPage(applicationId: string, filter: EntityFilter, offset: number, limit: number) {
  return useQuery({
    queryKey: [...entitiesKey(applicationId), "page", filter, offset, limit],
    queryFn: () => {
      const params = filterParams(filter);
      params.set("offset", String(offset));
      params.set("limit", String(limit));
      return api.get<EntityPageDto>(`${app(applicationId)}/entity-page?${params.toString()}`);
    },
    // The list stays on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useEntityMap(applicationId: string, filter: EntityFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...entitiesKey(applicationId), "map", filter],
    queryFn: () => api.get<EntityMapDto>(`${app(applicationId)}/entity-map?${filterParams(filter).toString()}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function entityExportUrl(applicationId: string, filter: EntityFilter, format: "csv" | "xlsx" | "geojson") {
  const params = filterParams(filter);
  params.set("format", format);
  return `${app(applicationId)}/entity-export?${params.toString()}`;
}

export function useUploadEntities(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post<EntityUploadResultDto>(`${app(applicationId)}/entity-upload`, { csv }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}

/** The form's action, for its administrators' setup panel. */
export function useEntityAction(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...entitiesKey(applicationId), "action"],
    queryFn: async () => (await api.get<{ action: EntityAction | null }>(`${app(applicationId)}/entity-action`)).action,
    enabled,
  });
}

export function useRemoveEntityAction(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ action: null }>(`${app(applicationId)}/entity-action`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}
