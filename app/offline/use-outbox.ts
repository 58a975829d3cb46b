import { useMemo, useSyncExternalStore } from "react";
import { useLiveQuery } from "./use-live-query.ts";
import { countOutbox, listOutbox } from "./outbox.ts";
import { getSyncState, subscribeSyncState, type SyncState } from "./sync-state.ts";
import { UNSENT_STATUSES, type OutboxRecord } from "./types.ts";

/**
 * Records of the user not yet stored on the server (pending, being sent, or blocked by the plan limit); null until
 * IndexedDB has answered, so no screen says "all synced" about records it has not counted yet.
 */
export function usePendingCount(userId: string | null, applicationId?: string): number | null {
  const query = useMemo(() => () => countOutbox(userId, UNSENT_STATUSES, applicationId), [userId, applicationId]);
  return useLiveQuery<number | null>(query, null);
}

/** The user's outbox (all statuses), oldest first. */
export function useOutbox(userId: string | null, applicationId?: string): OutboxRecord[] {
  const query = useMemo(() => () => listOutbox(userId, applicationId), [userId, applicationId]);
  return useLiveQuery(query, []);
}

/** idle or syncing, with the last run's report. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSyncState, getSyncState, getSyncState);
}
