import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError } from "../../../lib/api-client.ts";
import { APPLICATIONS_QUERY_KEY, applicationQueryKey, applicationsApi } from "../api/applications-api.ts";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";

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
