import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { registrationFor } from "../server/test-support/registration.ts";
import { applicationForm, textField } from "../server/test-support/fixtures/application-fixtures.ts";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { seriousAccessibilityViolations, type AccessibilityViolation } from "./support/axe.ts";

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

/**
 * Each route is checked with axe in two looks that together cover both viewports and both themes: a desktop in the
 * light theme and a phone in the dark one (docs/decisions.md "Accessibility checks").
 */
const LOOKS = [
  { name: "desktop, light", viewport: { width: 1280, height: 800 }, colorScheme: "light" as const, hasTouch: false },
  { name: "phone, dark", viewport: { width: 390, height: 844 }, colorScheme: "dark" as const, hasTouch: true },
];
type Look = (typeof LOOKS)[number];

describe("the spec's routes", () => {
  const journey = useAppServerAndBrowser({ SUPER_ADMIN_EMAILS: SUPER_ADMIN });

  const lookContext = (look: Look) =>
    journey.browser.newContext({
      locale: "pt-BR",
      viewport: look.viewport,
      colorScheme: look.colorScheme,
      hasTouch: look.hasTouch,
    });

  let applicationId = "";
  /** The super admin signs up once (first look); later looks sign in. */
  async function superAdminContext(look: Look): Promise<BrowserContext> {
    const context = await lookContext(look);
    const origin = { origin: journey.server.url };
    if (applicationId) {
      const signIn = await context.request.post(`${journey.server.url}/api/auth/sign-in/email`, {
        data: { email: SUPER_ADMIN, password: "secret123" },
        headers: origin,
      });
      expect(signIn.ok()).toBe(true);
      return context;
    }
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
    applicationId = ((await created.json()) as { application: { id: string } }).application.id;
    return context;
  }

  const violations: string[] = [];
  async function checkAccessibility(page: Page, route: string, look: Look): Promise<void> {
    const found: AccessibilityViolation[] = await seriousAccessibilityViolations(page);
    for (const violation of found) {
      violations.push(
        `${route} (${look.name}): ${violation.rule} [${violation.impact}] ${violation.help} — ${violation.targets.join(" | ")}`,
      );
    }
  }

  /** The page settles on a real screen: a level-1 heading (or a dialog's) that is not the 404 page's, and no placeholder text. */
  async function expectRealScreen(page: Page, route: string): Promise<void> {
    // On a phone the designer routes open the spec's "Use um computador" dialog over the page instead.
    const heading = page.getByRole("heading", { level: 1 }).or(page.getByRole("dialog").getByRole("heading")).first();
    await heading.waitFor().catch(async (error: unknown) => {
      await page.screenshot({ path: `/tmp/spec-route-failure.png` });
      throw new Error(`${route}: no level-1 heading (${String(error)})`);
    });
    const text = (await heading.textContent())?.trim() ?? "";
    expect(text, route).not.toBe("");
    expect(text, route).not.toBe("404");
    expect(await page.getByText(/em construção/i).count(), route).toBe(0);
  }

  it.each(LOOKS)("renders a real, accessible screen on every public route for a visitor ($name)", async (look) => {
    const context = await lookContext(look);
    const page = await context.newPage();
    violations.length = 0;
    for (const route of PUBLIC_ROUTES) {
      await page.goto(`${journey.server.url}${route}`);
      await expectRealScreen(page, route);
      await checkAccessibility(page, route, look);
    }
    await context.close();
    expect(violations).toEqual([]);
  });

  it.each(LOOKS)(
    "renders a real, accessible screen on every protected route for a super admin ($name)",
    async (look) => {
      const context = await superAdminContext(look);
      const page = await context.newPage();
      violations.length = 0;
      for (const route of PROTECTED_ROUTES) {
        const path = route.replace(":id", applicationId);
        await page.goto(`${journey.server.url}${path}`);
        await expectRealScreen(page, route);
        expect(new URL(page.url()).pathname, route).toBe(path);
        await checkAccessibility(page, route, look);
      }
      await context.close();
      expect(violations).toEqual([]);
    },
  );

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
    // Every area's tag is listed (collapsed): all of them are in the page at once, the last one too.
    await page.locator(".opblock-tag", { hasText: "Admin" }).first().waitFor();
    const tags = await page
      .locator("h3.opblock-tag")
      .evaluateAll((headings) => headings.map((heading) => heading.getAttribute("data-tag")));
    const document = (await (await page.request.get(`${journey.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = new Set(
      Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((op) => op.tags ?? [])),
    );
    expect(new Set(tags)).toEqual(documented);
    // Opening one shows its operations.
    await page.locator(".opblock-tag", { hasText: "Health" }).first().click();
    await page.getByText("/api/health", { exact: true }).first().waitFor();
    expect([...origins].filter((origin) => origin !== journey.server.url)).toEqual([]);
    expect(refused).toEqual([]);
    await page.screenshot({ path: "/tmp/api-docs.png" });
    await context.close();
  });
});
