import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./support/browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";

describe("shell", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the 404 page on an unknown path", async () => {
    const page = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await page.goto(`${server.url}/this/does/not/exist`);
    await page.getByRole("heading", { name: "404" }).waitFor();
    expect(await page.getByText("Oops! Página não encontrada").isVisible()).toBe(true);
    await page.close();
  });

  it("sends a signed-out visitor of a protected route to /home", async () => {
    const page = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await page.goto(`${server.url}/applications`);
    await page.waitForURL(`${server.url}/home`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
    await page.close();
  });
});
