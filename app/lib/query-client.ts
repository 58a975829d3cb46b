import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-client.ts";
import { connectivityMonitor } from "./network-status.ts";

/** The spec's query defaults: retry 2, stale 5 min, kept 10 min; errors the server decided on are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiClientError && error.status < 500) && failureCount < 2,
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      // Every query runs once even offline (the session and the caches answer from the device); only retries wait
      // for the connection to come back.
      networkMode: "offlineFirst",
    },
    // A write tried offline fails at once with a network error, as the screens expect, instead of waiting unseen.
    mutations: { networkMode: "always" },
  },
});

// Retries pause and resume on what the app believes (the server answers), not on navigator.onLine: a Wi-Fi
// without internet would otherwise burn every retry instead of waiting.
onlineManager.setEventListener((setOnline) => {
  const monitor = connectivityMonitor();
  setOnline(monitor.isOnline());
  return monitor.subscribe(() => setOnline(monitor.isOnline()));
});
