const PERSIST_ASKED_KEY = "storage_persist_requested";

function storageManager(): StorageManager | undefined {
  return typeof navigator !== "undefined" ? navigator.storage : undefined;
}

/**
 * Asks once per device that the browser keep IndexedDB under storage pressure, so unsynced records are not
 * evicted. Browsers decide silently (Chromium grants it to installed apps); the answer is only reported.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = storageManager();
  if (!storage?.persist || !storage.persisted) return false;
  if (await storage.persisted()) return true;
  try {
    if (localStorage.getItem(PERSIST_ASKED_KEY)) return false;
    localStorage.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
  } catch {
    // Without localStorage the request simply happens on every start.
  }
  return storage.persist();
}

export interface StorageEstimateInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean;
}

export async function estimateStorage(): Promise<StorageEstimateInfo> {
  const storage = storageManager();
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => false) : false;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}
