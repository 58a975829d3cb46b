import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { liveQuery } from "dexie";
import { countOutbox, listOutbox } from "./outbox.ts";
import { getSyncState, subscribeSyncState, type SyncState } from "./sync-state.ts";
import { UNSENT_STATUSES, type OutboxRecord } from "./types.ts";

/** Follows an IndexedDB query: re-runs whenever a write touches what it read, in this tab or another. */
function useLiveValue<T>(query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      // IndexedDB unavailable: the banner simply shows nothing; saving reports the storage error itself.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [query]);
  return value;
}

/** Records of the user not yet stored on the server (pending, being sent, or blocked by the plan limit). */
export function usePendingCount(userId: string | null, applicationId?: string): number {
  const query = useMemo(() => () => countOutbox(userId, UNSENT_STATUSES, applicationId), [userId, applicationId]);
  return useLiveValue(query, 0);
}

/** The user's outbox (all statuses), oldest first. */
export function useOutbox(userId: string | null, applicationId?: string): OutboxRecord[] {
  const query = useMemo(() => () => listOutbox(userId, applicationId), [userId, applicationId]);
  return useLiveValue(query, []);
}

/** idle or syncing, with the last run's report. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSyncState, getSyncState, getSyncState);
}
