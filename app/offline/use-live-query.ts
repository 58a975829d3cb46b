import { useEffect, useState } from "react";
import { liveQuery } from "dexie";

/**
 * Follows an IndexedDB query: re-runs whenever a write touches what it read, in this tab or another.
 * Pass a memoised query; a new function starts a new subscription.
 */
export function useLiveQuery<T>(query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      // IndexedDB unavailable: views show nothing; saving reports the storage error itself.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [query]);
  return value;
}
