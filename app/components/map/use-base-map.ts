import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import type { BaseMap, RuntimeConfig } from "../../../shared/map/base-map.ts";

const OUTLINE: BaseMap = { kind: "outline" };

/** `/api/config`: settings read at run time, the base map among them; asked once per page load. */
export const runtimeConfigQuery = queryOptions({
  queryKey: ["runtime-config"],
  queryFn: () => api.get<RuntimeConfig>("/api/config"),
  staleTime: Infinity,
});

/**
 * The base map the server configured, for the maps in the field (the collect form, the record detail). With no
 * server to ask (offline, or it failed) the packaged outlines stand in, so such a map always opens; null while asking.
 */
export function useBaseMap(): BaseMap | null {
  const config = useQuery({ ...runtimeConfigQuery, retry: false });
  if (config.data) return config.data.baseMap;
  if (config.isError || config.fetchStatus === "paused") return OUTLINE;
  return null;
}
