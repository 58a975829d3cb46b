import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import type { TestServer } from "../../server/test-support/test-server.ts";
import { launchBrowser } from "./browser.ts";

/** Chromium with the software WebGL renderer: MapLibre needs WebGL and this machine has no GPU. */
export function launchMapBrowser(): Promise<Browser> {
  return launchBrowser(["--enable-unsafe-swiftshader", "--use-angle=swiftshader"]);
}

/** A desktop page in Portuguese whose context is signed in as `email` (password `secret123`, as the fixtures make). */
export async function signedInDesktopPage(
  browser: Browser,
  server: TestServer,
  email: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email, password: "secret123" },
    headers: { origin: server.url },
  });
  if (response.status() !== 200) throw new Error(`sign-in as ${email} failed: ${response.status()}`);
  return { context, page };
}
