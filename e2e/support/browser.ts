import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags that keep Chromium from reaching the (closed) network on its own. */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Run "npm run ensure-browser" (as root it installs Debian's chromium).`,
    );
  }
}

/** Browsers and installed-app windows still open, for the failure report (failure-report.ts). */
const launched = new Set<Browser | BrowserContext>();

/** The last errors each page logged (uncaught exceptions, console.error), for the failure report. */
const pageErrors = new WeakMap<Page, string[]>();

export function recentErrors(page: Page): readonly string[] {
  return pageErrors.get(page) ?? [];
}

function watchErrors(context: BrowserContext): void {
  const watch = (page: Page) => {
    const errors: string[] = [];
    pageErrors.set(page, errors);
    const keep = (text: string) => {
      errors.push(text.slice(0, 400));
      if (errors.length > 5) errors.shift();
    };
    page.on("pageerror", (error) => keep(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") keep(message.text());
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
}

/** Every page of every browser and app window this file has open. */
export function openPages(): Page[] {
  return [...launched].flatMap((opened) =>
    "newContext" in opened ? opened.contexts().flatMap((context) => context.pages()) : opened.pages(),
  );
}

/**
 * Playwright waits 180 s for a launch by default, past the journeys' 120 s hook timeout: a launch that hung would fail
 * the hook with no word on which step it was in.
 */
const LAUNCH_TIMEOUT_MS = 60_000;

export async function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  assertChromium();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...args],
    timeout: LAUNCH_TIMEOUT_MS,
  });
  // Every context (browser.newPage makes one through it too) reports its pages' errors.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchErrors(context);
    return context;
  };
  launched.add(browser);
  browser.once("disconnected", () => launched.delete(browser));
  return browser;
}

/** A device to emulate, with the Chromium flags it needs (a fake camera fed from a file, say). */
export type DeviceOptions = BrowserContextOptions & { args?: readonly string[] };

/**
 * A persistent profile opened with --app=URL: Chromium then reports display-mode standalone, as an installed PWA does.
 * Only the first page is the app window (pages opened later are ordinary tabs), and `isMobile` must stay unset: that
 * emulation replaces the app window with a blank tab; a mobile user agent, touch and a phone viewport work.
 * Pass the same `profileDir` again to reopen the app with its storage (service worker, IndexedDB) after closing it.
 */
export async function launchInstalledApp(
  url: string,
  options: DeviceOptions = {},
  profileDir?: string,
): Promise<BrowserContext> {
  assertChromium();
  const profile = profileDir ?? mkdtempSync(path.join(os.tmpdir(), "campo-chromium-"));
  const { args = [], ...context } = options;
  const app = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--app=${url}`, ...args],
    timeout: LAUNCH_TIMEOUT_MS,
    ...context,
  });
  watchErrors(app);
  launched.add(app);
  app.once("close", () => launched.delete(app));
  return app;
}
