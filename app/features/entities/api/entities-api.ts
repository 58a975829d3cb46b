import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { EntityDetailDto, EntityDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityResolution } from "../../../../shared/entities/entity-schemas.ts";

const base = (applicationId: string) => `/api/applications/${applicationId}/entities`;
const entitiesKey = (applicationId: string) => ["entities", applicationId];

export function useEntityDetail(applicationId: string, entityId: string | null) {
  return useQuery({
    queryKey: [...entitiesKey(applicationId), entityId],
    queryFn: () => api.get<EntityDetailDto>(`${base(applicationId)}/${entityId ?? ""}`),
    enabled: entityId !== null,
  });
}

export function useResolveEntity(applicationId: string, entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resolution: EntityResolution) =>
      api.post<{ entity: EntityDto }>(`${base(applicationId)}/${entityId}/resolve`, { ...resolution }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}
