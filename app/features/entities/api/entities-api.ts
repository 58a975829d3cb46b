import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import { getApplicationEntity, resolveEntityConflict } from "../../../../shared/api/contracts/entities.ts";
import type { EntityResolution } from "../../../../shared/entities/entity-schemas.ts";

/**
 * Everything the entities page reads sits under the application's key (its list, page, map, action): a change to
 * the list, its entities or the form's link to it refreshes them all.
 */
export const entitiesKey = (applicationId: string) => resourceKey("/api/applications/:id", { id: applicationId });

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
