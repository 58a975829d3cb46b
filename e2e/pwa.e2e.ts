import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchInstalledApp } from "./support/browser.ts";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe("installable PWA", () => {
  const journey = useAppServerAndBrowser();

  async function openPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await journey.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
    return { context, page: await context.newPage() };
  }

  it("serves the manifest with the product name and PNG icons, maskable included", async () => {
    const response = await fetch(`${journey.server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest.short_name).toBe("Campo");
    expect(manifest.name).toContain("Campo");
    expect(manifest.display).toBe("standalone");
    const pngs = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(pngs.map((icon) => icon.sizes).sort()).toEqual(["192x192", "512x512", "512x512"]);
    expect(pngs.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of pngs) {
      const image = await fetch(`${journey.server.url}${icon.src}`);
      expect(image.status).toBe(200);
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
    }
  });

  it("registers /sw.js, controls the page after a reload and opens the app shell offline", async () => {
    const { context, page } = await openPage();
    await page.goto(`${journey.server.url}/home`);
    expect(await waitForServiceWorkerControl(page)).toBe(`${journey.server.url}/sw.js`);
    await page.reload();
    expect(await waitForServiceWorkerControl(page)).toBe(`${journey.server.url}/sw.js`);

    await context.setOffline(true);
    // A route never visited online: its lazy chunk and its catalog must come from the precache.
    await page.goto(`${journey.server.url}/install`);
    await page.getByRole("heading", { name: "Instalar o Campo" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Instalar o Campo" }).waitFor();
    await page.goto(`${journey.server.url}/health`);
    await page.getByRole("heading", { name: "Diagnóstico" }).waitFor();
    await page.getByTestId("health-server").getByText("Inacessível").waitFor();
    await context.close();
  });

  it("takes over a page the active worker did not control, so its lazy chunks still load offline", async () => {
    const { context, page } = await openPage();
    await page.goto(`${journey.server.url}/home`);
    await waitForServiceWorkerControl(page);
    // A hard reload bypasses the worker: the page starts uncontrolled although a worker is active, as a page
    // whose navigation raced the first install does.
    const cdp = await context.newCDPSession(page);
    const loaded = page.waitForEvent("load");
    await cdp.send("Page.reload", { ignoreCache: true });
    await loaded;
    expect(await waitForServiceWorkerControl(page)).toBe(`${journey.server.url}/sw.js`);

    await context.setOffline(true);
    await page.getByRole("link", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${journey.server.url}/auth`);
    await page.getByLabel("Senha").waitFor();
    await context.close();
  });

  it("never answers a non-GET request from the service worker", async () => {
    const { context, page } = await openPage();
    await page.goto(`${journey.server.url}/home`);
    await waitForServiceWorkerControl(page);

    const fromWorker = new Map<string, boolean>();
    page.on("response", (response) =>
      fromWorker.set(
        `${response.request().method()} ${new URL(response.url()).pathname}`,
        response.fromServiceWorker(),
      ),
    );
    const statuses = await page.evaluate(async () => {
      const get = await fetch("/index.html");
      const post = await fetch("/index.html", { method: "POST", body: "x" });
      return { get: get.status, post: post.status };
    });
    // The precached shell answers the GET; the POST of the very same URL reaches the server, which has no such route.
    expect(fromWorker.get("GET /index.html")).toBe(true);
    expect(fromWorker.get("POST /index.html")).toBe(false);
    expect(statuses).toEqual({ get: 200, post: 404 });

    await context.setOffline(true);
    const offlinePost = await page.evaluate(async () => {
      try {
        await fetch("/api/sync", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
        return "answered";
      } catch {
        return "network error";
      }
    });
    expect(offlinePost).toBe("network error");
    await context.close();
  });

  it("shows the worker and its versioned caches on /health", async () => {
    const { context, page } = await openPage();
    await page.goto(`${journey.server.url}/health`);
    await waitForServiceWorkerControl(page);
    await page.getByTestId("health-sw").getByText("Sim").waitFor();
    await page
      .getByTestId("health-caches")
      .getByText(/campo-v9-precache/)
      .waitFor();
    expect(await page.getByTestId("health-sw-version").textContent()).toBe("9");
    await page.getByTestId("health-online").getByText("Online").waitFor();
    await page.getByTestId("health-server").getByText(/^OK/).waitFor();
    await context.close();
  });

  it("unregisters every worker and clears the caches with ?no-sw=1", async () => {
    const { context, page } = await openPage();
    await page.goto(`${journey.server.url}/home`);
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => caches.keys())).not.toEqual([]);

    await page.goto(`${journey.server.url}/home?no-sw=1`);
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistrations()).length === 0 && (await caches.keys()).length === 0,
    );
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await context.close();
  });

  it("sends the installed app away from the landing page: to /auth signed out, to /applications signed in", async () => {
    const profile = mkdtempSync(path.join(os.tmpdir(), "campo-installed-"));
    const context = await launchInstalledApp(`${journey.server.url}/home`, { locale: "pt-BR" }, profile);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.waitForURL(`${journey.server.url}/auth`);
      expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
      const user = await journey.server.client().signUp("installed.home@example.com");
      const signIn = await context.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
        headers: { origin: journey.server.url },
        data: { email: user.email, password: "secret123" },
      });
      expect(signIn.status()).toBe(200);
      await page.goto(`${journey.server.url}/home`);
      await page.waitForURL(`${journey.server.url}/applications`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("shows a locally drawn QR code of the page address on a computer", async () => {
    const { context, page } = await openPage();
    const external: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(journey.server.url) && !request.url().startsWith("data:"))
        external.push(request.url());
    });
    await page.goto(`${journey.server.url}/install`);
    const qr = page.getByRole("img", { name: "Código QR com o endereço desta página" });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.width, img.height])).toEqual([
      200, 200, 200,
    ]);
    expect(await page.getByRole("link", { name: `${journey.server.url}/install` }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Voltar" }).click();
    await page.waitForURL(`${journey.server.url}/home`);
    expect(external).toEqual([]);
    await context.close();
  });
});
