export interface BrowserDiagnostics {
  swSupported: boolean;
  swControlled: boolean;
  cacheNames: string[];
  storage: { usage: number; quota: number } | null;
}

/** What the browser itself says about the worker, Cache Storage and quota; each part degrades alone. */
export async function readBrowserDiagnostics(): Promise<BrowserDiagnostics> {
  const swSupported = "serviceWorker" in navigator;
  const cacheNames = "caches" in window ? await caches.keys().catch(() => []) : [];
  let storage: BrowserDiagnostics["storage"] = null;
  if (navigator.storage?.estimate) {
    const estimate = await navigator.storage.estimate().catch(() => null);
    if (estimate) storage = { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
  }
  return {
    swSupported,
    swControlled: swSupported && navigator.serviceWorker.controller !== null,
    cacheNames: [...cacheNames].sort(),
    storage,
  };
}

/** Megabytes with one decimal in the reader's language (quotas are GB-sized, usage often KB). */
export function formatMegabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
}
