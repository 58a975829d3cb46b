import { useMemo, useSyncExternalStore } from "react";
import { useLiveQuery } from "./use-live-query.ts";
import { countOutbox, listOutbox } from "./outbox.ts";
import { getSyncState, subscribeSyncState, type SyncState } from "./sync-state.ts";
import { UNSENT_STATUSES, type OutboxRecord } from "./types.ts";

/** Records of the user not yet stored on the server (pending, being sent, or blocked by the plan limit). */
export function usePendingCount(userId: string | null, applicationId?: string): number {
  const query = useMemo(() => () => countOutbox(userId, UNSENT_STATUSES, applicationId), [userId, applicationId]);
  return useLiveQuery(query, 0);
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
