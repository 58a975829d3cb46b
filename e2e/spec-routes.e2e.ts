import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { registrationFor } from "../server/test-support/registration.ts";
import { applicationForm, textField } from "../server/routes/applications/test-fixtures.ts";
import { useAppServerAndBrowser } from "./support/journey.ts";

const SUPER_ADMIN = "routes-admin@campo.test";

/** Every route of the product's route list: none may be a placeholder, a 404 or an empty page. */
const PUBLIC_ROUTES = [
  "/home",
  "/auth",
  "/health",
  "/blog",
  "/support",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/install",
];
const PROTECTED_ROUTES = [
  "/dashboard",
  "/applications",
  "/applications/new",
  "/applications/:id/edit",
  "/applications/:id/data",
  "/applications/:id/collect",
  "/data",
  "/maps",
  "/team",
  "/profile",
  "/settings",
  "/subscription",
  "/admin",
  "/blog-admin",
  "/change-management",
  "/debug-permissions",
];

describe("the spec's routes", () => {
  const journey = useAppServerAndBrowser({ SUPER_ADMIN_EMAILS: SUPER_ADMIN });

  async function superAdminContext(): Promise<{ context: BrowserContext; applicationId: string }> {
    const context = await journey.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
    const origin = { origin: journey.server.url };
    const signUp = await context.request.post(`${journey.server.url}/api/account/register`, {
      data: registrationFor(SUPER_ADMIN, "secret123", "Rita Admin"),
      headers: origin,
    });
    expect(signUp.ok()).toBe(true);
    const created = await context.request.post(`${journey.server.url}/api/applications`, {
      data: applicationForm("Rotas", [textField("Nome")]),
      headers: origin,
    });
    expect(created.status()).toBe(201);
    const { application } = (await created.json()) as { application: { id: string } };
    return { context, applicationId: application.id };
  }

  /** The page settles on a real screen: a level-1 heading that is not the 404 page's, and no placeholder text. */
  async function expectRealScreen(page: Page, route: string): Promise<void> {
    const heading = page.getByRole("heading", { level: 1 }).first();
    await heading.waitFor().catch(async (error: unknown) => {
      await page.screenshot({ path: `/tmp/spec-route-failure.png` });
      throw new Error(`${route}: no level-1 heading (${String(error)})`);
    });
    const text = (await heading.textContent())?.trim() ?? "";
    expect(text, route).not.toBe("");
    expect(text, route).not.toBe("404");
    expect(await page.getByText(/em construção/i).count(), route).toBe(0);
  }

  it("renders a real screen on every public route for a visitor", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    for (const route of PUBLIC_ROUTES) {
      await page.goto(`${journey.server.url}${route}`);
      await expectRealScreen(page, route);
    }
    await context.close();
  });

  it("renders a real screen on every protected route for a super admin", async () => {
    const { context, applicationId } = await superAdminContext();
    const page = await context.newPage();
    for (const route of PROTECTED_ROUTES) {
      const path = route.replace(":id", applicationId);
      await page.goto(`${journey.server.url}${path}`);
      await expectRealScreen(page, route);
      expect(new URL(page.url()).pathname, route).toBe(path);
    }
    await context.close();
  });

  it("shows the API reference at /api/docs with nothing fetched from another origin", async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const origins = new Set<string>();
    page.on("request", (request) => origins.add(new URL(request.url()).origin));
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    await page.goto(`${journey.server.url}/api/docs`);
    await page.getByText("/api/health", { exact: true }).first().waitFor();
    expect([...origins].filter((origin) => origin !== journey.server.url)).toEqual([]);
    expect(refused).toEqual([]);
    await page.screenshot({ path: "/tmp/api-docs.png" });
    await context.close();
  });
});
