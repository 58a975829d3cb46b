import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { claimAnonymousRecords } from "../../offline/outbox.ts";
import { cleanExpiredApplications, clearCachedApplications } from "../../offline/app-cache.ts";
import { requestPersistentStorage } from "../../offline/persistent-storage.ts";
import { startAutoSync } from "../../offline/auto-sync.ts";
import { AUTO_SYNC_FAILED_NOTICE, noticeFor } from "./sync-notice.ts";
import { afterFirstPaint } from "../../lib/after-first-paint.ts";
import { showSyncNotice } from "./show-sync-notice.ts";

/**
 * The device side of offline work, started once inside the router and the session: asks for persistent
 * storage, drops expired cached applications, hands anonymous records to the user who signs in, runs
 * auto-sync for that user with its toasts, and clears the user's cached applications on sign-out
 * (spec 000 §4; the outbox itself is kept and syncs at the next sign-in). Renders nothing.
 */
export function SyncProvider() {
  const { me, status } = useSession();
  const userId = me?.user.id ?? null;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  // Opening IndexedDB and the housekeeping cost tens of ms of a phone's main thread (Dexie's open, a transaction):
  // they wait until the page is drawn rather than lengthen the first render's long task.
  useEffect(() => {
    let cancelled = false;
    void afterFirstPaint().then(() => {
      if (cancelled) return;
      void requestPersistentStorage().catch(() => false);
      void cleanExpiredApplications().catch(() => 0);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const signedInUser = useRef<string | null>(null);
  useEffect(() => {
    if (userId) {
      signedInUser.current = userId;
    } else if (status === "anonymous" && signedInUser.current) {
      void clearCachedApplications(signedInUser.current).catch(() => 0);
      signedInUser.current = null;
    }
  }, [userId, status]);

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const go = (to: string) => void navigateRef.current(to);
    void afterFirstPaint()
      .then(() => (cancelled ? 0 : claimAnonymousRecords(userId)))
      .catch(() => 0)
      .then(() => {
        if (cancelled) return;
        stop = startAutoSync({
          userId,
          onReport: (report) => {
            const notice = noticeFor(report);
            if (notice) void showSyncNotice(notice, go);
          },
          onGiveUp: () => void showSyncNotice(AUTO_SYNC_FAILED_NOTICE, go),
        });
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);

  return null;
}
