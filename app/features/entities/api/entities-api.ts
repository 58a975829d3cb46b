import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import {
  getApplicationEntity,
  listApplicationEntities,
  resolveEntityConflict,
} from "../../../../shared/api/contracts/entities.ts";
import type { EntityResolution } from "../../../../shared/entities/entity-schemas.ts";

export const entitiesKey = (applicationId: string) =>
  queryKeyOf(listApplicationEntities, { params: { id: applicationId } });

export function useApplicationEntities(applicationId: string) {
  const input = { params: { id: applicationId } };
  return useQuery({
    queryKey: queryKeyOf(listApplicationEntities, input),
    queryFn: () => callApi(listApplicationEntities, input),
  });
}

export function useEntityDetail(applicationId: string, entityId: string | null) {
  const input = { params: { id: applicationId, entityId: entityId ?? "" } };
  return useQuery({
    queryKey: queryKeyOf(getApplicationEntity, input),
    queryFn: () => callApi(getApplicationEntity, input),
    enabled: entityId !== null,
  });
}

export function useResolveEntity(applicationId: string, entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resolution: EntityResolution) =>
      callApi(resolveEntityConflict, { params: { id: applicationId, entityId }, body: resolution }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}
