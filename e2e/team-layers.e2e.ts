import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { assignFormToCollector } from "./support/assigned-form.ts";
import { launchMapBrowser, signedInDesktopPage } from "./support/map-browser.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { formSubmissions } from "../server/db/schema/index.ts";
import { TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";

/**
 * Issue 25's Proof for team layers: an administrator uploads a KML of a farm's wells and plot on the web, a
 * collector's installed phone keeps it with the form, and offline the collector places the record's point by tapping
 * near the well: the point snaps to the well, and the synced record holds the well's exact coordinates.
 */
const WELL: [number, number] = [-47.8985, -15.801];
const FARM_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Fazenda</name>
  <Placemark><name>Talhão</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    -47.8995,-15.8020 -47.8975,-15.8020 -47.8975,-15.8000 -47.8995,-15.8000 -47.8995,-15.8020
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>Poço</name><Point><coordinates>${WELL[0]},${WELL[1]},0</coordinates></Point></Placemark>
</Document></kml>
`;

const FIELDS = [{ fieldType: "gps", label: "Ponto de coleta", name: "ponto", position: 0, config: { required: true } }];

describe("team layers on an installed phone, offline (issue 25)", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let appId: string;
  let pointId: string;

  async function openCollectScreen(): Promise<void> {
    await page.goto(`${server.url}/applications/${appId}/collect`);
    await page.getByRole("heading", { name: "Poços da fazenda" }).waitFor();
  }

  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const assigned = await assignFormToCollector(server, {
      ownerEmail: "dona@pocos.test",
      collectorEmail: "coletor@pocos.test",
      form: { name: "Poços da fazenda", fields: FIELDS },
    });
    appId = assigned.appId;
    pointId = assigned.fieldIds.get("ponto") ?? "";
    ({ context, page, profileDir: profile } = assigned.phone);
    browser = await launchMapBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("lets the administrator upload a KML layer on the web", async () => {
    const admin = await signedInDesktopPage(browser, server, "dona@pocos.test");
    await admin.page.goto(`${server.url}/offline-maps`);
    const card = admin.page.getByRole("form", { name: "Enviar camada" });
    await card.getByLabel("Arquivo GeoJSON ou KML").setInputFiles({
      name: "fazenda.kml",
      mimeType: "application/vnd.google-earth.kml+xml",
      buffer: Buffer.from(FARM_KML),
    });
    await card.getByLabel("Nome da camada").fill("Fazenda");
    await card.getByRole("button", { name: "Enviar camada" }).click();
    await admin.page.getByTestId("team-layer").getByText("KML, 2 elementos").waitFor();

    // A file that is not KML says why, in the user's language, and adds nothing.
    await card.getByLabel("Arquivo GeoJSON ou KML").setInputFiles({
      name: "quebrado.kml",
      mimeType: "application/vnd.google-earth.kml+xml",
      buffer: Buffer.from("<kml><Placemark>"),
    });
    await card.getByRole("button", { name: "Enviar camada" }).click();
    await admin.page.getByRole("alert").getByText("Não foi possível ler a camada.", { exact: false }).waitFor();
    expect(await admin.page.getByTestId("team-layer").count()).toBe(1);
    await admin.context.close();
  });

  it("shows the layer offline, snaps the tapped point to the well, saves and syncs its exact coordinates", async () => {
    // Online once: the form and its team layers are kept on the phone.
    await openCollectScreen();
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await openCollectScreen();

    const question: Locator = page.getByRole("group", { name: /^Ponto de coleta/ });
    await question.getByRole("button", { name: "Marcar no mapa" }).click();
    const map = question.getByTestId("geometry-map");
    await map.and(page.locator('[data-ready="true"][data-team-layers="1"]')).waitFor();
    await question.getByTestId("team-layers-legend").getByText("Fazenda").waitFor();
    await expect.poll(() => question.getByRole("switch").getAttribute("aria-checked")).toBe("true");

    // The map frames the layer, whose centre is the well: a tap a few pixels off it snaps to it.
    const box = await map.boundingBox();
    if (!box) throw new Error("the map is not on screen");
    await map.locator("canvas").click({ position: { x: box.width / 2 + 5, y: box.height / 2 - 4 } });
    await question.getByTestId("snap-notice").getByText("Encaixado no vértice de “Fazenda”.").waitFor();
    await question.getByTestId("gps-position").getByText("-15.801000, -47.898500").waitFor();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const [row] = await server.context.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.applicationId, appId));
    expect(row?.answers[pointId]).toMatchObject({ longitude: WELL[0], latitude: WELL[1], accuracy: 0 });
  });
});
