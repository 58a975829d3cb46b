import { useMemo } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCachedApplications } from "../../../offline/use-cached-applications.ts";
import { ApiClientError } from "../../../lib/api-client.ts";
import { APPLICATIONS_QUERY_KEY, applicationQueryKey, applicationsApi } from "../api/applications-api.ts";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import type { ListedApplication } from "./installed-applications-list.tsx";

/** The user's applications (spec 000 §9: stale 30 s, 2 retries 1 s apart; refusals are not retried). */
export function useApplications() {
  return useQuery({
    queryKey: APPLICATIONS_QUERY_KEY,
    queryFn: applicationsApi.list,
    staleTime: 30_000,
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiClientError && error.status < 500),
    retryDelay: 1000,
  });
}

/**
 * The applications whose form this device keeps (opened online once), for the list offline: the list itself is not
 * kept, but these are the ones that can be collected without signal. Undefined until the device has been read.
 */
export function useOfflineApplications(userId: string | null): ListedApplication[] | undefined {
  const cached = useCachedApplications(userId);
  return useMemo(
    () =>
      cached?.map(({ application, fields }) => ({
        id: application.id,
        name: application.name,
        description: application.description,
        role: application.role,
        fieldsCount: fields.length,
      })),
    [cached],
  );
}

/** Delete with optimistic removal, rollback on error and a refetch either way (spec 000 §4). */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: ApplicationSummary) => applicationsApi.remove(application.id),
    onMutate: async (application) => {
      await queryClient.cancelQueries({ queryKey: APPLICATIONS_QUERY_KEY });
      const previous = queryClient.getQueryData<ApplicationSummary[]>(APPLICATIONS_QUERY_KEY);
      queryClient.setQueryData<ApplicationSummary[]>(APPLICATIONS_QUERY_KEY, (list) =>
        list?.filter((entry) => entry.id !== application.id),
      );
      return { previous };
    },
    onError: (_error, _application, context) => {
      if (context?.previous) queryClient.setQueryData(APPLICATIONS_QUERY_KEY, context.previous);
    },
    onSuccess: (_result, application) => queryClient.removeQueries({ queryKey: applicationQueryKey(application.id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}

export function useClearApplicationData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: ApplicationSummary) => applicationsApi.clearData(application.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
