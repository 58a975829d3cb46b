import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { entitiesKey } from "./entities-api.ts";
import { getApplication } from "../../../../shared/api/contracts/applications.ts";
import { createEntityList, listEntityLists, setEntityAction } from "../../../../shared/api/contracts/entities.ts";
import type { ApplicationWithFields } from "../../../../shared/applications/application-dtos.ts";
import type { EntityAction, EntityListInput } from "../../../../shared/entities/entity-schemas.ts";

/** An administrator's setup: the owner's entity lists and what this application's form does with one. */
const listsKey = (applicationId: string) => queryKeyOf(listEntityLists, { params: { id: applicationId } });

/** The form's questions to map, and whether this user administers it (the panel is theirs alone). */
export function useApplicationForm(applicationId: string) {
  return useQuery({
    queryKey: queryKeyOf(getApplication, { params: { id: applicationId } }),
    queryFn: (): Promise<ApplicationWithFields> => callApi(getApplication, { params: { id: applicationId } }),
  });
}

export function useEntityLists(applicationId: string) {
  return useQuery({
    queryKey: listsKey(applicationId),
    queryFn: async () => (await callApi(listEntityLists, { params: { id: applicationId } })).lists,
  });
}

export function useCreateEntityList(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EntityListInput) =>
      (await callApi(createEntityList, { params: { id: applicationId }, body: input })).list,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKey(applicationId) }),
  });
}

export function useSaveEntityAction(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EntityAction) => callApi(setEntityAction, { params: { id: applicationId }, body: action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entitiesKey(applicationId) }),
  });
}
