import { QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-client.ts";

/** The spec's query defaults: retry 2, stale 5 min, kept 10 min; errors the server decided on are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiClientError && error.status < 500) && failureCount < 2,
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
    },
  },
});
