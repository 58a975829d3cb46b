import type { UseQueryResult } from "@tanstack/react-query";
import { isNetworkError } from "./api-client.ts";

type QueryState = Pick<UseQueryResult, "data" | "isPending" | "isError" | "error" | "fetchStatus">;

/**
 * Nothing to show and no way to get it now: the read found no server (or gave up on one that never answered), or
 * it waits, paused, for the connection to come back. A screen shows so instead of a skeleton that never ends.
 */
export function isUnavailableOffline(query: QueryState): boolean {
  if (query.data !== undefined) return false;
  return (query.isError && isNetworkError(query.error)) || (query.isPending && query.fetchStatus === "paused");
}
