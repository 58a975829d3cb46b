import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { contractPath } from "../../../../shared/api/route-contract.ts";
import { deleteEntityAction, getEntityAction } from "../../../../shared/api/contracts/entities.ts";
import {
  exportEntities,
  getEntityMap,
  getEntityPage,
  uploadEntities,
} from "../../../../shared/api/contracts/entity-data.ts";
import type { EntityExportFormat, EntityFilter } from "../../../../shared/entities/entity-browse.ts";
import { entitiesKey } from "./entities-api.ts";

/** The filters as the query sends them; absent ones are left out. */
function filterQuery(filter: EntityFilter): Record<string, string> {
  return {
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.conflict !== undefined ? { conflict: String(filter.conflict) } : {}),
    ...(filter.origin ? { origin: filter.origin } : {}),
  };
}

export function useEntityPage(applicationId: string, filter: EntityFilter, offset: number, limit: number) {
  const input = { params: { id: applicationId }, query: { ...filterQuery(filter), offset, limit } };
  return useQuery({
    queryKey: queryKeyOf(getEntityPage, input),
    queryFn: () => callApi(getEntityPage, input),
    // The list stays on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useEntityMap(applicationId: string, filter: EntityFilter, enabled: boolean) {
  const input = { params: { id: applicationId }, query: filterQuery(filter) };
  return useQuery({
    queryKey: queryKeyOf(getEntityMap, input),
    queryFn: () => callApi(getEntityMap, input),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A download link: the browser streams the file the server writes. */
export function entityExportUrl(applicationId: string, filter: EntityFilter, format: EntityExportFormat): string {
  const query = new URLSearchParams({ ...filterQuery(filter), format });
  return `${contractPath(exportEntities.path, { id: applicationId })}?${query.toString()}`;
}

export function useUploadEntities(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callApi(uploadEntities, { params: { id: applicationId }, body: { csv } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}

/** The form's action, for its administrators' setup panel. */
export function useEntityAction(applicationId: string, enabled: boolean) {
  const input = { params: { id: applicationId } };
  return useQuery({
    queryKey: queryKeyOf(getEntityAction, input),
    queryFn: async () => (await callApi(getEntityAction, input)).action,
    enabled,
  });
}

export function useRemoveEntityAction(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteEntityAction, { params: { id: applicationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}
