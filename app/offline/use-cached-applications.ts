import { useMemo } from "react";
import { listCachedApplications } from "./app-cache.ts";
import { useLiveQuery } from "./use-live-query.ts";
import type { CachedApplication } from "./types.ts";

/** The user's applications available offline, most recently cached first, kept live; undefined until first read. */
export function useCachedApplications(userId: string | null): CachedApplication[] | undefined {
  const query = useMemo(() => () => (userId ? listCachedApplications(userId) : Promise.resolve([])), [userId]);
  return useLiveQuery<CachedApplication[] | undefined>(query, undefined);
}
