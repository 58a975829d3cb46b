import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import {
  collectRecord,
  createApplication,
  openInstalledAppSignedIn,
  readOutbox,
  storedSubmissions,
} from "./support/field-collector.ts";
import type { TestServer } from "../server/test-support/test-server.ts";

const PASSWORD = "secret123";
const NAME = "Inventário de Poços";

/**
 * Issue 29: the installed app opened again with no signal (a fresh navigation, not a route change inside a page
 * already loaded) reaches its cached forms, and every signed-in page says what it cannot show offline.
 */
describe("installed app reopened offline", () => {
  let server: TestServer;
  let context: BrowserContext | undefined;
  let profile: string | undefined;

  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const syncStatus = (page: Page) => page.getByTestId("sync-status");
  const card = (page: Page) => page.getByRole("article", { name: NAME });

  /** /applications → the card's 'Coletar dados' → the collect screen of the application. */
  async function openCollectFromList(page: Page): Promise<void> {
    await card(page).getByRole("link", { name: "Coletar dados" }).click();
    await page.getByRole("heading", { name: NAME }).waitFor();
  }

  /** Neither an endless skeleton nor a blank page: the page says it needs the connection, with a retry. */
  async function expectOfflineNotice(page: Page): Promise<void> {
    const notice = page.getByRole("status").filter({ hasText: "Indisponível offline" }).first();
    await notice.waitFor();
    expect(await notice.getByRole("button", { name: "Tentar novamente" }).isVisible()).toBe(true);
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  }

  /** At 360 px the header's offline badge sits beside the logo, not over it, and nothing spills off the screen. */
  async function expectHeaderFits(page: Page): Promise<void> {
    await page.setViewportSize({ width: 360, height: 740 });
    const header = page.locator("header").first();
    const badge = header.getByRole("status").filter({ hasText: "Modo offline" });
    await badge.waitFor();
    const logo = await header.getByRole("link", { name: "Campo, página inicial" }).boundingBox();
    const mark = await badge.boundingBox();
    expect(logo && mark && logo.x + logo.width <= mark.x).toBe(true);
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
  }

  it("opens the list, collects from a cached form and syncs each record once", async () => {
    const collector = await server.client().signUp("reopen.collector@example.com", PASSWORD, "Coletora");
    const form = await createApplication(server, collector.id, NAME, false);
    const phone = await openInstalledAppSignedIn(server, collector.email, PASSWORD);
    context = phone.context;
    profile = phone.profileDir;
    const page = phone.page;

    await openCollectFromList(page);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await syncStatus(page).getByText("Offline").waitFor();
    await collectRecord(page, "Poço 1", 1);
    await context.setOffline(false);
    await syncStatus(page).getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    expect(await storedSubmissions(server, form.id)).toHaveLength(1);

    // No signal, and the app opened again at its home.
    await context.setOffline(true);
    await page.goto(`${server.url}/applications`);
    await card(page).waitFor();
    await openCollectFromList(page);
    await collectRecord(page, "Poço 2", 1);

    await expectHeaderFits(page);

    // The data page reloaded offline says it needs the connection instead of a skeleton; so does every signed-in page.
    await page.goto(`${server.url}/applications/${form.id}/data`);
    await expectOfflineNotice(page);
    await page.reload();
    await expectOfflineNotice(page);
    const pages = ["/dashboard", "/data", "/maps", "/profile", "/settings", "/team", "/subscription"];
    pages.push("/change-management", "/debug-permissions", `/applications/${form.id}/webhooks`);
    for (const path of pages) {
      await page.goto(`${server.url}${path}`);
      await expectOfflineNotice(page);
    }

    // Lie-fi: a network that takes every request and never answers. The app must fall back to the device all the same.
    await context.route("**/api/**", () => undefined);
    await context.route("**/connectivity-check**", () => undefined);
    await context.setOffline(false);
    await page.goto(`${server.url}/applications`);
    await card(page).waitFor();
    await openCollectFromList(page);
    await collectRecord(page, "Poço 3", 2);
    const waiting = (await readOutbox(page)).filter((row) => row.status === "pending").map((row) => row.id);
    expect(waiting).toHaveLength(2);
    await context.unrouteAll({ behavior: "ignoreErrors" });

    // Back online (the monitor's next probe answers): each record reaches the server once.
    await syncStatus(page).getByText("Tudo sincronizado").waitFor({ timeout: 90_000 });
    const stored = await storedSubmissions(server, form.id);
    expect(stored.map((row) => row.answers[form.fields.name]).sort()).toEqual(["Poço 1", "Poço 2", "Poço 3"]);
    expect(stored.map((row) => row.id)).toEqual(expect.arrayContaining(waiting));
  });

  it("opens as the user the phone remembers while the server is slow to confirm the session", async () => {
    if (!context) throw new Error("the first journey opened no installed app");
    const page = await context.newPage();
    const gaveUp: string[] = [];
    page.on("requestfailed", (request) => {
      if (new URL(request.url()).pathname === "/api/me") gaveUp.push(request.failure()?.errorText ?? "failed");
    });
    // The session check reaches a server that takes its time; every other call is answered at once.
    let answer = () => undefined as void;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    await context.route("**/api/me", async (route) => {
      await slow;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${server.url}/applications`);
    await card(page).waitFor();
    // The list came while the check was still waiting: the app did not hold it until the check gave up.
    expect(gaveUp).toEqual([]);
    expect(await page.getByText("Verificando autenticação...").count()).toBe(0);
    answer();
    await context.unrouteAll({ behavior: "ignoreErrors" });
    // The server's answer keeps the user signed in.
    await page.reload();
    await card(page).waitFor();
    await page.close();
  });
});
