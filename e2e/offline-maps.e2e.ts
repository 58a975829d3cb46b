/**
 * Issue 25, base maps saved for offline use: on an installed phone a collector saves an area of the server's PMTiles
 * archive (the committed fixture, served as MAP_PMTILES_URL), watches its progress, stops it and resumes it after a
 * reload, then opens the map with no network: its tiles come from the phone. Deleting the area frees them.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page, Route } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { INSTALLED_PHONE, openInstalledAppSignedInByApi } from "./support/field-collector.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import { LOCAL_PMTILES_PATH } from "../shared/map/base-map.ts";
import { BASE_MAP_FIXTURE } from "../scripts/make-base-map-fixture.ts";

const PASSWORD = "secret123";
// MapLibre needs WebGL: Chromium's software renderer stands in for the phone's GPU.
const MAP_PHONE = { ...INSTALLED_PHONE, args: ["--enable-unsafe-swiftshader", "--use-angle=swiftshader"] };

/** Holds the archive's byte-range requests while closed, so the test sees a download under way before it ends. */
class ArchiveGate {
  private waiting: (() => void)[] = [];
  closed = false;
  async handle(route: Route): Promise<void> {
    if (this.closed) await new Promise<void>((resolve) => this.waiting.push(resolve));
    await route.continue().catch(() => undefined);
  }
  open(): void {
    this.closed = false;
    for (const resume of this.waiting.splice(0)) resume();
  }
}

describe("offline base map areas on an installed phone", () => {
  let server: TestServer;
  let context: BrowserContext | undefined;
  let profile: string | undefined;

  beforeAll(async () => {
    server = await startAppServer({ MAP_PMTILES_URL: BASE_MAP_FIXTURE });
  }, 120_000);
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const area = (page: Page) => page.getByTestId("offline-area").filter({ hasText: "Brasil central" });
  const map = (page: Page) => page.getByTestId("offline-area-map");

  it("downloads an area with progress, resumes it after a reload, serves it offline and deletes it", async () => {
    const collector = await server.client().signUp("mapas.offline@example.com", PASSWORD, "Coletora");
    const phone = await openInstalledAppSignedInByApi(server, collector.email, PASSWORD, MAP_PHONE);
    context = phone.context;
    profile = phone.profileDir;
    const page = phone.page;
    const gate = new ArchiveGate();
    await context.route(`**${LOCAL_PMTILES_PATH}`, (route) => gate.handle(route));

    // Reached from the menu, as a collector finds it.
    await page.goto(`${server.url}/applications`);
    await waitForServiceWorkerControl(page);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.getByRole("link", { name: "Mapas offline" }).click();
    await page.getByRole("heading", { name: "Mapas offline" }).waitFor();
    // Long waits: MapLibre renders through software WebGL here, slow on a busy 2-core machine.
    await expect
      .poll(() => map(page).getAttribute("data-base-map-layers"), { timeout: 45_000 })
      .toBe("earth,roads,water");

    // The archive's zooms are 0–3: the whole range over the current view, its size estimated before anything is fetched.
    await page.getByLabel("Do zoom").selectOption("0");
    await page.getByLabel("Até o zoom").selectOption("3");
    const estimate = page.getByTestId("offline-area-estimate");
    const tiles = Number(await estimate.getAttribute("data-tiles"));
    expect(tiles).toBeGreaterThan(4);
    expect(await estimate.textContent()).toMatch(new RegExp(`^${tiles} blocos, cerca de .+ MB$`));
    await page.getByLabel("Nome da área").fill("Brasil central");

    // Started with the archive held: the bar shows the download at 0, and it stops on 'Cancelar'.
    gate.closed = true;
    await page.getByRole("button", { name: "Baixar para uso offline" }).click();
    await area(page).getByText(`Baixando: 0 de ${tiles} blocos`).waitFor();
    expect(await area(page).getByRole("progressbar").getAttribute("aria-valuemax")).toBe(String(tiles));
    await area(page).getByRole("button", { name: "Cancelar" }).click();
    gate.open();
    await area(page)
      .getByText(/^Download interrompido: \d+ de \d+ blocos/)
      .waitFor();

    // A reload keeps the interrupted area; 'Continuar' fetches the rest.
    await page.reload();
    await area(page)
      .getByText(/^Download interrompido/)
      .waitFor();
    await area(page).getByRole("button", { name: "Continuar" }).click();
    await expect.poll(() => area(page).getAttribute("data-status"), { timeout: 30_000 }).toBe("complete");
    expect(await area(page).textContent()).toContain(`Zoom 0 a 3 · ${tiles} blocos`);
    await page
      .getByTestId("offline-storage")
      .getByText(/^Áreas salvas ocupam .+ MB\.$/)
      .waitFor();

    // No network: the app reopens, and the map draws the archive's land, water and roads from the saved tiles.
    const archiveAnswers: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === LOCAL_PMTILES_PATH) archiveAnswers.push(response.status());
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "Mapas offline" }).waitFor();
    await expect
      .poll(() => map(page).getAttribute("data-base-map-layers"), { timeout: 45_000 })
      .toBe("earth,roads,water");
    expect(Number(await map(page).getAttribute("data-offline-tiles"))).toBeGreaterThan(0);
    expect(archiveAnswers).toEqual([]);
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS ?? "/tmp/campo-shots"}/offline-maps-390.png`,
      fullPage: true,
    });

    // Deleting the area removes its tiles from the phone.
    await area(page).getByRole("button", { name: "Excluir Brasil central" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Nenhuma área salva ainda.").waitFor();
    const areaCaches = await page.evaluate(async () =>
      (await caches.keys()).filter((name) => name.startsWith("campo-map-area-")),
    );
    expect(areaCaches).toEqual([]);
  });
});
