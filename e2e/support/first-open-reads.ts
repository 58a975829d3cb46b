import type { Page } from "playwright-core";

/**
 * The page's reads of the API as the browser timed them: `link /api/me` for a preload, `fetch …` for a request of
 * the app's own. A fetch that takes a preload's answer makes no entry of its own. The page-view counter is left out.
 */
export function apiReadsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => ({ url: new URL(entry.name), by: entry.initiatorType }))
      .filter(({ url }) => url.pathname.startsWith("/api/") && url.pathname !== "/api/analytics")
      .map(({ url, by }) => `${by} ${url.pathname}${url.search}`)
      .sort(),
  );
}
