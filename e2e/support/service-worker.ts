import type { Page } from "playwright-core";

/**
 * Waits until the page's service worker is active and controls the page: from then on every precached file
 * (app shell, lazy pages, catalogs) is served offline.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
}
