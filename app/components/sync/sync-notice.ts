import type { SyncReport } from "../../offline/sync-report.ts";

/** Spec 001 §8: after 'Limite de registros atingido', a confirm offering the plans follows 3 s later. */
export const PLANS_OFFER_DELAY_MS = 3000;

/** What to tell the user after a sync (spec 001 §8, sync catalogue); keys of the `sync` namespace. */
export interface SyncNotice {
  tone: "success" | "info" | "warning" | "error";
  title: string;
  description?: { key: string; params?: Record<string, number> };
  /** Go there after the delay (a session the server no longer accepts). */
  redirect?: { to: string; afterMs: number };
  /** After the delay, offer the plans page for the limit that held records back. */
  offerPlans?: "submissions" | "storage";
}

/** The notice for a finished sync; null when there is nothing worth a toast (an automatic run with nothing to do). */
export function noticeFor(report: SyncReport): SyncNotice | null {
  switch (report.authError) {
    case "not_logged_in":
      return { tone: "error", title: "toast.notLoggedIn", description: { key: "toast.notLoggedInDescription" } };
    case "invalid_session":
      return {
        tone: "error",
        title: "toast.invalidSession",
        description: { key: "toast.invalidSessionDescription" },
        redirect: { to: "/home", afterMs: 2000 },
      };
    case "server_unrecognised":
      return {
        tone: "error",
        title: "toast.serverUnrecognised",
        description: { key: "toast.serverUnrecognisedDescription" },
        redirect: { to: "/auth?reauth=true", afterMs: 3000 },
      };
    case "lost_during_sync":
      return { tone: "error", title: "toast.lostDuringSync", description: { key: "toast.lostDuringSyncDescription" } };
    case undefined:
      break;
  }
  if (report.skipped === "offline")
    return report.manual
      ? { tone: "info", title: "toast.offline", description: { key: "toast.offlineDescription" } }
      : null;
  if (report.skipped === "nothing") return report.manual ? { tone: "info", title: "toast.nothing" } : null;

  const stored = report.synced + report.conflicts;
  if (report.blocked > 0) {
    const storageOnly = report.storageBlocked === report.blocked;
    return {
      tone: "warning",
      title: storageOnly ? "toast.storageLimit" : "toast.limit",
      description: {
        key: storageOnly ? "toast.storageLimitDescription" : "toast.limitDescription",
        params: { synced: stored, blocked: report.blocked },
      },
      offerPlans: storageOnly ? "storage" : "submissions",
    };
  }
  if (stored === 0 && report.rejected === 0) {
    return report.failed > 0
      ? { tone: "error", title: "toast.error", description: { key: "toast.errorDescription" } }
      : null;
  }
  if (report.rejected > 0 || report.failed > 0) {
    return {
      tone: "warning",
      title: "toast.partial",
      description: {
        key: "toast.partialDescription",
        params: { synced: stored, waiting: report.failed, rejected: report.rejected },
      },
    };
  }
  if (report.conflicts > 0)
    return {
      tone: "success",
      title: "toast.success",
      description: { key: "toast.conflicts", params: { count: report.conflicts } },
    };
  return {
    tone: "success",
    title: "toast.success",
    description: { key: "toast.successDescription", params: { count: stored } },
  };
}

/** Auto-sync used up its retries with records still waiting. */
export const AUTO_SYNC_FAILED_NOTICE: SyncNotice = {
  tone: "error",
  title: "toast.autoError",
  description: { key: "toast.errorDescription" },
};
