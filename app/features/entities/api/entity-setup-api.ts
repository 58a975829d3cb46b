import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { ApplicationWithFields } from "../../../../shared/applications/application-dtos.ts";
import type { EntityListDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityAction, EntityListInput } from "../../../../shared/entities/entity-schemas.ts";

/** An administrator's setup: the owner's entity lists and what this application's form does with one. */
const app = (applicationId: string) => `/api/applications/${applicationId}`;
const listsKey = (applicationId: string) => ["entity-lists", applicationId];

/** The form's questions to map, and whether this user administers it (the panel is theirs alone). */
export function useApplicationForm(applicationId: string) {
  return useQuery({
    queryKey: ["entity-setup", applicationId, "form"],
    queryFn: () => api.get<ApplicationWithFields>(app(applicationId)),
  });
}

export function useEntityLists(applicationId: string) {
  return useQuery({
    queryKey: listsKey(applicationId),
    queryFn: async () => (await api.get<{ lists: EntityListDto[] }>(`${app(applicationId)}/entity-lists`)).lists,
  });
}

export function useCreateEntityList(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EntityListInput) =>
      (await api.post<{ list: EntityListDto }>(`${app(applicationId)}/entity-lists`, { ...input })).list,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKey(applicationId) }),
  });
}

export function useSaveEntityAction(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EntityAction) =>
      api.put<{ action: EntityAction }>(`${app(applicationId)}/entity-action`, { ...action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["entities", applicationId] }),
  });
}
