import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../lib/api-call.ts";
import { getRuntimeConfig } from "../../../shared/api/contracts/data.ts";
import type { BaseMap } from "../../../shared/map/base-map.ts";

const OUTLINE: BaseMap = { kind: "outline" };

/** GET /api/config: settings read at run time, the base map among them; asked once per page load. */
export const runtimeConfigQuery = queryOptions({
  queryKey: queryKeyOf(getRuntimeConfig, {}),
  queryFn: () => callApi(getRuntimeConfig, {}),
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
