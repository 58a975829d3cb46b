import type { Page } from "playwright-core";

/**
 * Waits until the page's service worker is active and controls the page: from then on every precached file
 * (app shell, lazy pages, catalogs) is served offline. On a timeout the error says how far the worker got.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  } catch (error) {
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const worker = (w: ServiceWorker | null | undefined) => w?.state ?? "none";
      return registration
        ? `installing=${worker(registration.installing)} waiting=${worker(registration.waiting)} active=${worker(registration.active)}`
        : "no registration";
    });
    throw new Error(`The service worker never controlled ${page.url()} (${state})`, { cause: error });
  }
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
}
