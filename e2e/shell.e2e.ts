import { describe, expect, it } from "vitest";
import { registrationFor } from "../server/test-support/registration.ts";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";

const PHONE = { viewport: { width: 390, height: 844 } } satisfies BrowserContextOptions;
const DESKTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;

describe("shell", () => {
  const journey = useAppServerAndBrowser();
  let accounts = 0;

  /** A browser context whose cookie jar already holds a fresh account's session. */
  async function signedInContext(options: BrowserContextOptions): Promise<BrowserContext> {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...options });
    const email = `shell-${++accounts}@campo.test`;
    const response = await context.request.post(`${journey.server.url}/api/account/register`, {
      data: registrationFor(email, "secret123", "Ana Maria Souza"),
      headers: { origin: journey.server.url },
    });
    expect(response.ok()).toBe(true);
    return context;
  }

  it("shows the 404 page on an unknown path, with a way back", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/this/does/not/exist`);
    await page.getByRole("heading", { name: "404" }).waitFor();
    expect(await page.getByText("Oops! Página não encontrada").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Voltar para o início" }).click();
    await page.waitForURL(`${journey.server.url}/home`);
    await context.close();
  });

  it("sends a signed-out visitor of a protected route to /home", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/applications`);
    await page.waitForURL(`${journey.server.url}/home`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
    await context.close();
  });

  it("switches to the dark theme, keeps it after a reload, and back to light", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", colorScheme: "light" });
    const page = await context.newPage();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    await page.goto(`${journey.server.url}/contact`);
    await page.getByRole("heading", { name: "Fale conosco" }).waitFor();
    expect(await isDark()).toBe(false);

    await page.getByRole("button", { name: /^Tema:/ }).click();
    await page.getByRole("menuitemradio", { name: "Escuro" }).click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("campo_theme"))).toBe("dark");

    await page.reload();
    await page.getByRole("heading", { name: "Fale conosco" }).waitFor();
    expect(await isDark()).toBe(true);

    await page.getByRole("button", { name: /^Tema:/ }).click();
    await page.getByRole("menuitemradio", { name: "Claro" }).click();
    expect(await isDark()).toBe(false);
    await context.close();
  });

  it("opens the side menu as a drawer on a phone and closes it", async () => {
    const context = await signedInContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/team`);
    const drawer = page.getByRole("dialog", { name: "Campo" });
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await drawer.waitFor();
    expect(await drawer.getByRole("link", { name: "Meus Aplicativos" }).isVisible()).toBe(true);
    expect(await drawer.getByRole("link", { name: "Painel Admin" }).count()).toBe(0);

    await drawer.getByRole("button", { name: "Fechar menu" }).click();
    await drawer.waitFor({ state: "hidden" });

    // Choosing an entry closes the drawer too.
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await drawer.getByRole("link", { name: "Assinatura" }).click();
    await page.waitForURL(`${journey.server.url}/subscription`);
    await drawer.waitFor({ state: "hidden" });
    await context.close();
  });

  it("shows the fixed side menu on a desktop and signs out to /home from the avatar menu", async () => {
    const context = await signedInContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/team`);
    const menu = page.getByRole("complementary").getByRole("navigation", { name: "Menu principal" });
    await menu.waitFor();
    expect(await page.getByRole("button", { name: "Abrir menu" }).isVisible()).toBe(false);
    await menu.getByRole("link", { name: "Configurações" }).click();
    await page.waitForURL(`${journey.server.url}/settings`);

    await page.getByRole("button", { name: "Menu da conta de Ana Maria Souza" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(`${journey.server.url}/home`);
    await page.goto(`${journey.server.url}/applications`);
    await page.waitForURL(`${journey.server.url}/home`);
    await context.close();
  });

  it("sends 'Testar grátis' and 'Entrar' on the landing page to /auth", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    const header = page.locator("header");
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector("header")?.dataset.scrolled === "true");

    await page.getByRole("link", { name: "Testar grátis" }).first().click();
    await page.waitForURL(`${journey.server.url}/auth`);
    expect(await page.evaluate(() => (history.state as { usr?: { activeTab?: string } } | null)?.usr?.activeTab)).toBe(
      "register",
    );

    await page.goto(`${journey.server.url}/home`);
    await page.getByRole("link", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${journey.server.url}/auth`);
    await context.close();
  });

  /** One h1 first, and no heading more than one level below the one before it (WCAG, Lighthouse heading-order). */
  async function expectHeadingOutline(page: Page): Promise<void> {
    const levels = await page
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, `heading ${index + 1} of ${levels.join(",")}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
  }

  it("outlines the landing page with one h1 and no skipped heading level", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectHeadingOutline(page);
    await context.close();
  });

  it("outlines the applications list without skipping from the h1 to the cards' titles", async () => {
    const context = await signedInContext(DESKTOP);
    const created = await context.request.post(`${journey.server.url}/api/applications`, {
      data: {
        name: "Levantamento",
        visibility: "team",
        active: true,
        fields: [{ fieldType: "text", label: "Nome", position: 0, config: {} }],
      },
      headers: { origin: journey.server.url },
    });
    expect(created.status()).toBe(201);
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("heading", { name: "Levantamento" }).waitFor();
    await expectHeadingOutline(page);
    await context.close();
  });

  it("validates the contact form under each field, then sends it", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/contact`);
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.getByText("Informe seu nome").waitFor();
    expect(await page.getByRole("textbox", { name: "E-mail", exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("textbox", { name: "Mensagem", exact: true }).getAttribute("rows")).toBe("6");

    await page.getByRole("textbox", { name: "Nome completo", exact: true }).fill("Maria Silva");
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("maria@example.com");
    await page.getByRole("textbox", { name: "Celular", exact: true }).fill("11999998888");
    await page.getByRole("textbox", { name: "Assunto", exact: true }).fill("Quero uma demonstração");
    await page
      .getByRole("textbox", { name: "Mensagem", exact: true })
      .fill("Gostaria de conhecer o Campo para minha equipe.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.getByText("Mensagem enviada!").waitFor();
    await page.getByText("Recebemos sua mensagem").waitFor();
    await context.close();
  });

  it("shows the privacy policy and the terms with today's date", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    const today = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric" }).format(
      new Date(),
    );
    await page.goto(`${journey.server.url}/privacy-policy`);
    await page.getByRole("heading", { level: 1, name: "Política de Privacidade" }).waitFor();
    expect(await page.getByText(`Última atualização: ${today}`).isVisible()).toBe(true);
    expect(await page.locator("article section").count()).toBe(11);
    await page.goto(`${journey.server.url}/terms-of-service`);
    await page.getByRole("heading", { level: 1, name: "Termos de Serviço" }).waitFor();
    expect(await page.locator("article section").count()).toBe(13);
    await context.close();
  });

  it("opens the signed-in app with no content-security-policy violation", async () => {
    // The policy allows no eval; a library probing for it (zod's generated parsers) is refused and reported by the
    // browser, which Lighthouse counts against best practices even when the library copes.
    const context = await signedInContext(PHONE);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${journey.server.url}/applications`);
    await page.getByRole("heading", { name: "Bem-vindo! Crie seu primeiro aplicativo" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // The theme script runs inline (allowed by its hash: no violation above), so the first paint waits for no request
    // of its own.
    expect(requested).not.toContain("/theme-boot.js");
    await context.close();
  });
});
