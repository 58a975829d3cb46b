/**
 * The data map per view with many records (issues 25 and 27): more records than the server sends one by one come as
 * its clusters, with their counts adding up to every located record; a click on a cluster zooms in, and the map asks
 * the server again for the new view, until it draws the records themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { launchMapBrowser, signedInDesktopPage } from "./support/map-browser.ts";
import { startAppServer } from "./support/app-server.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import { seedDataFixture, type DataFixture } from "../server/test-support/fixtures/data-fixtures.ts";
import { MAP_VIEW_RECORD_LIMIT } from "../shared/map/map-view.ts";

const EXTRA = MAP_VIEW_RECORD_LIMIT + 500;

// Long waits: MapLibre renders through Chromium's software WebGL here, slow on a busy 2-core machine.
describe("data map with many records", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let data: DataFixture;
  const zooms: number[] = [];

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    data = await seedDataFixture(server, "clusters");
    // A 50 × 50 grid of records 0.001° apart beside the fixture's nine located ones, in one statement.
    await server.context.database.db.execute(sql`
      insert into form_submissions (id, application_id, owner_id, submitter_id, answers, payload_hash, latitude, longitude)
      select gen_random_uuid(), ${data.applicationId}::uuid, ${data.users.owner.id}::uuid, ${data.users.owner.id}::uuid,
        '{}'::jsonb, md5('cluster' || g), -23.5 - (g % 50) / 1000.0, -46.6 - (g / 50) / 1000.0
      from generate_series(0, ${EXTRA - 1}) g`);
    browser = await launchMapBrowser();
    ({ page } = await signedInDesktopPage(browser, server, data.users.owner.email));
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/records/map-view") && url.searchParams.has("bbox"))
        zooms.push(Number(url.searchParams.get("zoom")));
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("draws the server's clusters, adding up to every located record, and zooms into one on a click", async () => {
    await page.goto(`${server.url}/applications/${data.applicationId}/data?tab=map`);
    const located = 9 + EXTRA;
    await expect
      .poll(() => page.getByTestId("map-located").textContent(), { timeout: 45_000 })
      .toMatch(
        new RegExp(`^${Math.floor(located / 1000)}\\.?${String(located % 1000).padStart(3, "0")} registros no mapa$`),
      );
    const map = page.getByTestId("records-map");
    await map.locator("canvas").waitFor();
    await expect.poll(() => map.getAttribute("data-rendered"), { timeout: 45_000 }).toBe(String(located));
    const biggest = map.locator("[data-cluster-count]").first();
    await biggest.waitFor({ timeout: 45_000 });
    const framed = Math.max(...zooms);

    const box = await biggest.boundingBox();
    if (!box) throw new Error("the cluster's count is not on screen");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => Math.max(...zooms), { timeout: 45_000 }).toBeGreaterThan(framed);
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/data-map-clusters-1280.png` });
  });
});
