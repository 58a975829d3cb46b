import { lazy, Suspense, useState } from "react";
import { useSession } from "../../lib/session.tsx";

const SyncProvider = lazy(() => import("./sync-provider.tsx").then((module) => ({ default: module.SyncProvider })));

/**
 * The device side of offline work (IndexedDB through Dexie, the sync engine) is its own chunk, loaded once someone is
 * signed in (online, or offline from the stored session): a visitor of the public pages never downloads it. Once
 * loaded it stays mounted, so signing out still clears that user's cached applications.
 */
export function DeferredSyncProvider() {
  const { status } = useSession();
  const [wanted, setWanted] = useState(false);
  if (status === "authenticated" && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SyncProvider />
    </Suspense>
  );
}
