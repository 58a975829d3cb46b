/**
 * The data map over a real PMTiles archive given as a local file (MAP_PMTILES_URL=e2e/fixtures/base-map.pmtiles,
 * written by scripts/make-base-map-fixture.ts): Campo serves it by byte ranges, the PMTiles protocol reads its header,
 * directory and tiles with 206 answers, and MapLibre draws the archive's layers with the Protomaps style.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchMapBrowser, signedInDesktopPage } from "./support/map-browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import { seedDataFixture, type DataFixture } from "../server/test-support/fixtures/data-fixtures.ts";
import { LOCAL_PMTILES_PATH } from "../shared/map/base-map.ts";
import { BASE_MAP_FIXTURE } from "../scripts/make-base-map-fixture.ts";

describe("PMTiles base map from a local file", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let data: DataFixture;

  beforeAll(async () => {
    server = await startAppServer({ ...TRUST_PROXY_ENV, MAP_PMTILES_URL: BASE_MAP_FIXTURE });
    data = await seedDataFixture(server, "pmtiles");
    browser = await launchMapBrowser();
    ({ page } = await signedInDesktopPage(browser, server, data.users.owner.email));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("reads the archive by byte ranges and draws its land, water and roads under the records", async () => {
    const ranges: { status: number; range: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === LOCAL_PMTILES_PATH)
        ranges.push({ status: response.status(), range: response.request().headers().range });
    });
    await page.goto(`${server.url}/applications/${data.applicationId}/data?tab=map`);
    const map = page.getByTestId("records-map");
    await map.locator("canvas").waitFor();
    expect(await map.getAttribute("data-base-map")).toBe("pmtiles");
    // Long waits: MapLibre renders through Chromium's software WebGL here, slow on a busy 2-core machine.
    await expect.poll(() => map.getAttribute("data-base-map-layers"), { timeout: 45_000 }).toBe("earth,roads,water");
    await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("9");

    expect(ranges.length).toBeGreaterThan(1);
    for (const { status, range } of ranges) {
      expect(status).toBe(206);
      expect(range).toMatch(/^bytes=\d+-\d+$/);
    }
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/data-map-pmtiles-1280.png` });
  });
});
