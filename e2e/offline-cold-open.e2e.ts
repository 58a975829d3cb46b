import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { dist, startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { preloadHints } from "../server/test-support/preload-hints.ts";
import {
  collectRecord,
  createApplication,
  openInstalledApp,
  openInstalledAppSignedIn,
  readOutbox,
  storedSubmissions,
} from "./support/field-collector.ts";
import type { TestServer } from "../server/test-support/test-server.ts";

const PASSWORD = "secret123";
const NAME = "Cadastro de Nascentes";
const BACK = "Voltar para o início";

/**
 * Issue 27: the app's pages are split into chunks loaded per route, so the service worker must hold every chunk the
 * offline collect flow needs. The installed app is closed, the browser's own HTTP cache emptied, and the app opened
 * again with no signal straight on the collect screen: the page, its catalogs and the list it links back to can only
 * come from the worker's precache.
 */
describe("installed app opened cold with no signal", () => {
  let server: TestServer;
  const contexts: BrowserContext[] = [];
  let profile: string | undefined;

  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("answers a first open of the collect screen with its chunks, catalogs and session check preloaded", async () => {
    // The list the build wrote from the real route table (scripts/route-preloads.ts), as the server applies it.
    const response = await fetch(`${server.url}/applications/0f8c2d1e-0000-4000-8000-000000000000/collect`, {
      headers: { "accept-language": "es-ES,es;q=0.9", cookie: "campo.session_token=any" },
    });
    const html = await response.text();
    const hints = preloadHints(html);
    expect(hints).toContain("/api/me");
    expect(hints.some((href) => /^\/assets\/collect-page-[\w-]+\.js$/.test(href))).toBe(true);
    const catalogs = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      { file: string }
    >;
    for (const namespace of ["common", "collect", "fields"])
      expect(hints).toContain(`/${catalogs[`shared/i18n/locales/es/${namespace}.json`]?.file}`);
    expect(html).toContain("Carregando...");
  });

  it("opens the collect screen, collects and returns to the list from the worker's cache alone", async () => {
    const collector = await server.client().signUp("cold.collector@example.com", PASSWORD, "Coletor");
    const form = await createApplication(server, collector.id, NAME, false);
    const phone = await openInstalledAppSignedIn(server, collector.email, PASSWORD);
    contexts.push(phone.context);
    profile = phone.profileDir;
    // Online once on the collect screen: the device keeps the form, the worker installs with the whole app.
    const url = `${server.url}/applications/${form.id}/collect`;
    await phone.page.goto(url);
    await phone.page.getByRole("heading", { name: NAME }).waitFor();
    await waitForServiceWorkerControl(phone.page);
    const cdp = await phone.context.newCDPSession(phone.page);
    await cdp.send("Network.clearBrowserCache");
    await phone.context.close();

    const again = await openInstalledApp(url, phone.profileDir, true);
    contexts.push(again.context);
    const page = again.page;
    await page.getByRole("heading", { name: NAME }).waitFor();
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await collectRecord(page, "Nascente 1", 1);

    const waiting = await readOutbox(page);
    expect(waiting.map((row) => row.status)).toEqual(["pending"]);

    // Back to the list through the app's own navigation (the root redirect, then the list: routes this session has not
    // loaded yet), and into the form again from its card.
    await page.getByRole("link", { name: BACK }).click();
    const card = page.getByRole("article", { name: NAME });
    await card.waitFor();
    await card.getByRole("link", { name: "Coletar dados" }).click();
    await page.getByRole("heading", { name: NAME }).waitFor();

    await again.context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const stored = await storedSubmissions(server, form.id);
    expect(stored.map((row) => row.id)).toEqual(waiting.map((row) => row.id));
  });
});
