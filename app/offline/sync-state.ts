import type { SyncReport } from "./sync-report.ts";

export interface SyncState {
  status: "idle" | "syncing";
  lastReport: SyncReport | null;
  lastSyncAt: string | null;
}

let state: SyncState = { status: "idle", lastReport: null, lastSyncAt: null };
const listeners = new Set<() => void>();

export function getSyncState(): SyncState {
  return state;
}

export function subscribeSyncState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSyncState(next: Partial<SyncState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}
