import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { openInstalledAppSignedIn } from "./support/field-collector.ts";
import { fillRegisterWizard, registerSubmit } from "./support/register-wizard.ts";

const EMAIL = "analista@campo.test";
const PASSWORD = "Campo#2024";
/** A desktop Chrome: headless Chromium's own user agent says HeadlessChrome, which the server drops as a bot. */
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Resolves once the tracker has delivered a batch holding `eventName` (the server answers 204). */
function analyticsBatchWith(page: Page, eventName: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/analytics") &&
      response.request().method() === "POST" &&
      (response.request().postData() ?? "").includes(`"name":"${eventName}"`),
  );
}

describe("first-party analytics", () => {
  const journey = useAppServerAndBrowser({ SUPER_ADMIN_EMAILS: EMAIL });

  it("a visit → sign-up → form created → record journey shows up in the funnel on /admin/analytics", async () => {
    const { server, browser } = journey;
    const context = await browser.newContext({
      locale: "pt-BR",
      userAgent: DESKTOP_CHROME,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();

    // A visit to the landing page, then its call to action. The landing arrives prerendered and counts its own page
    // view; the app loads on the visitor's first intent, and a click made before it is there is replayed in it.
    const visited = analyticsBatchWith(page, "page_view");
    await page.goto(`${server.url}/home`);
    expect((await visited).status()).toBe(204);
    const ctaSent = analyticsBatchWith(page, "cta_click");
    await page.getByRole("link", { name: "Testar grátis" }).first().click();
    await page.waitForURL(`${server.url}/auth`);
    expect((await ctaSent).status()).toBe(204);

    await fillRegisterWizard(page, { name: "Ana Analista", email: EMAIL, password: PASSWORD });
    const signedUp = analyticsBatchWith(page, "sign_up_complete");
    await registerSubmit(page).click();
    await page.waitForURL(`${server.url}/applications`);
    expect((await signedUp).status()).toBe(204);

    // A form made in the designer.
    await page.goto(`${server.url}/applications/new`);
    await page.getByRole("button", { name: "Adicionar campo Texto" }).click();
    await page.getByLabel("Nome do aplicativo").fill("Censo de árvores");
    const created = analyticsBatchWith(page, "form_created");
    await page.getByRole("button", { name: "Criar Aplicativo" }).click();
    await page.getByText("Aplicativo criado").waitFor();
    expect((await created).status()).toBe(204);
    const [application] = await server.context.database.db.query.applications.findMany();
    if (!application) throw new Error("the designer stored no application");

    // A record collected on a phone with the app installed.
    const phone = await openInstalledAppSignedIn(server, EMAIL, PASSWORD);
    await phone.page.goto(`${server.url}/applications/${application.id}/collect`);
    await phone.page.getByRole("heading", { name: "Censo de árvores" }).waitFor();
    await phone.page.getByLabel("Texto").fill("Ipê amarelo");
    const collected = analyticsBatchWith(phone.page, "data_collected");
    await phone.page.getByRole("button", { name: "Salvar registro" }).click();
    expect((await collected).status()).toBe(204);
    await phone.context.close();

    // Nothing stored says who the person is beyond the user id the funnel needs.
    const rows = await server.context.database.db.query.analyticsEvents.findMany();
    expect(JSON.stringify(rows)).not.toContain(EMAIL);
    expect(JSON.stringify(rows)).not.toContain("127.0.0.1");

    // The super admin's dashboard counts the journey in today's figures.
    await page.goto(`${server.url}/admin/analytics`);
    await page.getByRole("heading", { name: "Funil de conversão" }).waitFor();
    const steps = page.getByTestId("funnel-steps");
    const count = (step: string) => steps.locator(`[data-step="${step}"]`).getByTestId("funnel-count").textContent();
    // Two visitors (the computer and the phone), one of whom went all the way.
    expect(await count("page_view")).toBe("2");
    for (const step of ["sign_up_start", "sign_up_complete", "form_created", "data_collected"])
      expect(await count(step)).toBe("1");
    expect(await steps.getByText("50% das visitas").count()).toBe(4);
    await page.getByRole("heading", { name: "Páginas mais vistas" }).waitFor();
    expect(await page.getByText("/applications", { exact: true }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: "/tmp/analytics-dashboard.png", fullPage: true });
    await context.close();
  });
});
