import type { SyncBatchResult } from "../../shared/submissions/sync-schemas.ts";
import type { OutboxRecord } from "./types.ts";

/** Bounds on the pause a deferring server asks for: never hammering it, never holding the sync for long. */
const MIN_DEFERRAL_MS = 1000;
const MAX_DEFERRAL_MS = 30_000;

/**
 * Records of the batch the server deferred (its evaluation budget for the batch was spent): not stored, not refused,
 * to be sent again. Only ids the server names and left unanswered count, so a stray id never resends a settled record.
 */
export function deferredRecords(batch: readonly OutboxRecord[], answer: SyncBatchResult): OutboxRecord[] {
  const deferred = new Set(answer.deferred ?? []);
  for (const result of answer.results) deferred.delete(result.id);
  return batch.filter((record) => deferred.has(record.id));
}

/** How long to wait before sending deferred records again: the server's Retry-After, within bounds. */
export function deferralDelayMs(retryAfterSeconds: number | undefined): number {
  const asked = (retryAfterSeconds ?? 0) * 1000;
  return Math.min(MAX_DEFERRAL_MS, Math.max(MIN_DEFERRAL_MS, asked));
}
