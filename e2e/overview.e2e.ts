/**
 * The cross-application screens with two applications of one owner: the dashboard shows this week's count and a
 * latest record, /data lists the records of both and narrows to one, /maps draws both in two colours and the
 * legend hides one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchMapBrowser, signedInDesktopPage } from "./support/map-browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import { seedDataFixture, type DataFixture } from "../server/test-support/fixtures/data-fixtures.ts";
import { seedApp, type SeededApp } from "../server/test-support/fixtures/overview-fixtures.ts";
import { chooseOption } from "./support/choose-option.ts";

// Long waits on the map: MapLibre renders through Chromium's software WebGL here, slow on a busy 2-core machine.
describe("overview screens", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let data: DataFixture;
  let second: SeededApp;

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    data = await seedDataFixture(server, "overview-e2e");
    second = await seedApp(data.clients.owner, "Segunda coleta", 2);
    browser = await launchMapBrowser();
    ({ page } = await signedInDesktopPage(browser, server, data.users.owner.email));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("dashboard: each application with its week's count, and the latest record with its application", async () => {
    await page.goto(`${server.url}/dashboard`);
    const row = page.locator(`[data-testid="dashboard-application"][data-application-id="${second.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId("week-count").textContent()).toBe("2 registros");
    const fixtureRow = page.locator(
      `[data-testid="dashboard-application"][data-application-id="${data.applicationId}"]`,
    );
    expect(await fixtureRow.getByTestId("week-count").textContent()).toBe("0 registros");
    const latest = page.getByTestId("dashboard-latest").first();
    expect(second.records).toContain(await latest.getAttribute("data-record-id"));
    expect(await latest.textContent()).toContain("Segunda coleta");
    await page.screenshot({ path: "/tmp/pages-dashboard.png", fullPage: true });
    await latest.getByRole("link").click();
    await page.waitForURL(`**/applications/${second.id}/data`);
  });

  it("/data lists the records of both applications and narrows to one", async () => {
    await page.goto(`${server.url}/data`);
    const total = page.getByTestId("records-total");
    await expect.poll(() => total.textContent(), { timeout: 20_000 }).toBe("17 registros");
    await chooseOption(page, page.getByTestId("application-select"), "Segunda coleta");
    await expect.poll(() => total.textContent(), { timeout: 20_000 }).toBe("2 registros");
    expect(new URL(page.url()).searchParams.get("application")).toBe(second.id);
    const ids = await page
      .locator("[data-record-id]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-record-id")));
    expect(ids.sort()).toEqual([...second.records].sort());
    await page.screenshot({ path: "/tmp/pages-data.png", fullPage: true });
  });

  it("/maps draws both applications in two colours and the legend hides one", async () => {
    // The overview asks per view, like the data map: never the endpoint that sends every point at once.
    const asked: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/overview/map")) asked.push(url);
    });
    await page.goto(`${server.url}/maps`);
    const map = page.getByTestId("records-map");
    await map.waitFor();
    // 6 located owner records and 3 collaborator records of the fixture, 1 of the second application.
    await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("10");
    await expect.poll(() => asked.some((url) => url.searchParams.has("bbox")), { timeout: 45_000 }).toBe(true);
    expect(asked.map((url) => url.pathname)).toEqual(asked.map(() => "/api/overview/map-view"));
    const colours = await page
      .getByTestId("legend-swatch")
      .evaluateAll((swatches) => swatches.map((swatch) => getComputedStyle(swatch).backgroundColor));
    expect(colours).toHaveLength(2);
    expect(new Set(colours).size).toBe(2);
    await page.screenshot({ path: "/tmp/pages-maps.png", fullPage: true });
    await page.getByRole("checkbox", { name: `Mostrar ${data.appName} no mapa` }).click();
    await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("1");
    await page.getByRole("checkbox", { name: `Mostrar ${data.appName} no mapa` }).click();
    await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("10");
  });
});
