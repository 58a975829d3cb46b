import { CONNECTIVITY_RESTORED_EVENT } from "../lib/connectivity-monitor.ts";
import { countOutbox } from "./outbox.ts";
import { syncNow } from "./sync-engine.ts";
import { emptyReport, type SyncReport } from "./sync-report.ts";
import { UNSENT_STATUSES } from "./types.ts";

/** Spec 001 §9: 500 ms after reconnecting, at most 3 retries with backoff min(1 s × 2^n, 30 s), a check every 5 min. */
export const AUTO_SYNC_DELAY_MS = 500;
export const AUTO_SYNC_MAX_RETRIES = 3;
export const AUTO_SYNC_MAX_BACKOFF_MS = 30_000;
export const AUTO_SYNC_PERIOD_MS = 5 * 60 * 1000;

/**
 * The owner's plan changed (a payment went through, the subscription query saw a new tier): records the old limit
 * blocked may go now, so a run that includes them starts, as after reconnecting.
 */
export const PLAN_CHANGED_EVENT = "campo:plan-changed";

export function announcePlanChanged(): void {
  window.dispatchEvent(new Event(PLAN_CHANGED_EVENT));
}

export function autoSyncBackoff(retry: number): number {
  return Math.min(1000 * 2 ** retry, AUTO_SYNC_MAX_BACKOFF_MS);
}

export interface AutoSyncOptions {
  userId: string;
  /** A run that ended with an answer worth telling the user (synced, blocked, rejected, auth problems). */
  onReport: (report: SyncReport) => void;
  /** The retries are used up and records are still waiting ('Erro na sincronização automática'). */
  onGiveUp: (report: SyncReport) => void;
}

/** The server could not be reached or failed: worth trying again soon, unlike a refusal or an auth problem. */
function isTransientFailure(report: SyncReport): boolean {
  if (report.authError || report.skipped) return false;
  return report.networkError || (report.failed > 0 && report.synced === 0);
}

/**
 * Sends waiting records without the user asking: at start when records wait, after reconnecting or a plan change,
 * and every 5 minutes while records are pending. Returns the function that stops it (sign-out, unmount).
 */
export function startAutoSync(options: AutoSyncOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number, retry: number, withBlocked: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(retry, withBlocked), ms);
  };

  /** withBlocked: records blocked by the plan limit are enough to start this run (start, reconnect, retries). */
  async function run(retry: number, withBlocked: boolean): Promise<void> {
    timer = undefined;
    if (stopped) return;
    const waiting = await countOutbox(options.userId, withBlocked ? UNSENT_STATUSES : ["pending", "syncing"]).catch(
      () => 0,
    );
    if (waiting === 0 || stopped) return;
    // An unexpected failure (IndexedDB closed under us) counts as a failed run: retried like a network error.
    const report = await syncNow({ userId: options.userId }).catch((): SyncReport => ({
      ...emptyReport(false),
      failed: waiting,
    }));
    if (stopped) return;
    if (!isTransientFailure(report)) {
      if (!report.skipped) options.onReport(report);
      return;
    }
    if (retry < AUTO_SYNC_MAX_RETRIES) schedule(autoSyncBackoff(retry), retry + 1, true);
    else options.onGiveUp(report);
  }

  const onReconnect = () => schedule(AUTO_SYNC_DELAY_MS, 0, true);
  const onPlanChanged = () => schedule(0, 0, true);
  window.addEventListener("online", onReconnect);
  window.addEventListener(CONNECTIVITY_RESTORED_EVENT, onReconnect);
  window.addEventListener(PLAN_CHANGED_EVENT, onPlanChanged);
  // Every 5 minutes only records never answered start a run, so a plan-limit notice does not repeat all day.
  const periodic = setInterval(() => {
    if (timer === undefined) void run(0, false);
  }, AUTO_SYNC_PERIOD_MS);
  schedule(0, 0, true);

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(periodic);
    window.removeEventListener("online", onReconnect);
    window.removeEventListener(CONNECTIVITY_RESTORED_EVENT, onReconnect);
    window.removeEventListener(PLAN_CHANGED_EVENT, onPlanChanged);
  };
}
