import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import type { TestServer } from "../../server/test-support/test-server.ts";
import { startAppServer } from "./app-server.ts";
import { launchBrowser } from "./browser.ts";

export interface Journey {
  readonly server: TestServer;
  readonly browser: Browser;
}

/** One app server and one Chromium for a whole test file, started before its tests and stopped after them. */
export function useAppServerAndBrowser(env: Record<string, string> = {}): Journey {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error("app server not started");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("browser not launched");
      return browser;
    },
  };
}
