import { describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";
import { seriousAccessibilityViolations } from "./support/axe.ts";

const PHONE = { viewport: { width: 390, height: 844 } } satisfies BrowserContextOptions;
const DESKTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;

/** What each language's landing must show: the menu, the new sections' titles, a sector, a figure, a testimonial. */
const TEXTS = {
  "pt-BR": {
    sectors: "Setores",
    features: "Recursos",
    contact: "Contato",
    login: "Entrar",
    openMenu: "Abrir menu",
    sectorsTitle: "Para equipes de campo de todos os setores",
    sector: "Óleo e gás",
    logosTitle: "Empresas que já coletam dados com o Campo",
    testimonialsTitle: "Quem usa, recomenda",
    figure: "10.000+",
    figureLabel: "formulários",
  },
  en: {
    sectors: "Sectors",
    features: "Features",
    contact: "Contact",
    login: "Log in",
    openMenu: "Open menu",
    sectorsTitle: "For field teams in every sector",
    sector: "Oil and gas",
    logosTitle: "Companies already collecting data with Campo",
    testimonialsTitle: "Our customers recommend it",
    figure: "10,000+",
    figureLabel: "forms",
  },
  es: {
    sectors: "Sectores",
    features: "Funciones",
    contact: "Contacto",
    login: "Iniciar sesión",
    openMenu: "Abrir menú",
    sectorsTitle: "Para equipos de campo de todos los sectores",
    sector: "Petróleo y gas",
    logosTitle: "Empresas que ya recopilan datos con Campo",
    testimonialsTitle: "Quien lo usa, lo recomienda",
    figure: "10.000+",
    figureLabel: "formularios",
  },
} as const;

/** The header's language switcher is drawn by the app only: once it is there, the app has taken over the page. */
function appSwitcher(page: Page) {
  return page.getByRole("button", { name: /^(Idioma|Language):/ });
}

/** The prerendered landing loads the app on the visitor's first intent (here the pointer moving over the page). */
async function appReady(page: Page): Promise<void> {
  await page.mouse.move(10, 10);
  await appSwitcher(page).waitFor();
}

/** Resolves once a batch holding `eventName` reaches the analytics endpoint. */
function analyticsBatchWith(page: Page, eventName: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/analytics") &&
      (response.request().postData() ?? "").includes(`"name":"${eventName}"`),
  );
}

/** True once the element's top edge sits just under the sticky header. */
async function scrolledTo(page: Page, id: string): Promise<void> {
  await page.waitForFunction((sectionId) => {
    const top = document.getElementById(sectionId)?.getBoundingClientRect().top;
    return top !== undefined && top >= 0 && top < 120;
  }, id);
}

describe("landing page", () => {
  const journey = useAppServerAndBrowser();

  it.each(Object.keys(TEXTS) as (keyof typeof TEXTS)[])(
    "shows its sections, figures and menu in %s",
    async (language) => {
      const texts = TEXTS[language];
      const context = await journey.browser.newContext({ locale: language, ...DESKTOP });
      const page = await context.newPage();
      await page.goto(`${journey.server.url}/home`);
      await appReady(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const menu = page.getByRole("navigation").filter({ has: page.getByRole("link", { name: texts.sectors }) });
      for (const name of [texts.sectors, texts.features, texts.contact, "Blog"])
        expect(await menu.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: texts.login, exact: true }).isVisible()).toBe(true);
      for (const title of [texts.sectorsTitle, texts.logosTitle, texts.testimonialsTitle])
        expect(await page.getByRole("heading", { name: title, level: 2 }).count()).toBe(1);
      expect(await page.locator("#sectors li").count()).toBe(13);
      expect(await page.getByText(texts.sector, { exact: true }).count()).toBe(1);
      expect(await page.getByText(texts.figure, { exact: true }).count()).toBe(1);
      expect(await page.getByText(texts.figureLabel, { exact: true }).count()).toBe(1);
      expect(await page.getByRole("blockquote").count()).toBe(3);
      await context.close();
    },
  );

  it("scrolls to the sections from the desktop menu and opens the pages it links to", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    await appReady(page);
    const menu = page.getByRole("navigation", { name: "Menu principal" });

    await menu.getByRole("link", { name: "Setores" }).click();
    await scrolledTo(page, "sectors");
    expect(new URL(page.url()).hash).toBe("#sectors");
    await menu.getByRole("link", { name: "Recursos" }).click();
    await scrolledTo(page, "features");

    await menu.getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(`${journey.server.url}/blog`);
    await page.goBack();
    await appReady(page);
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Contato" }).click();
    await page.waitForURL(`${journey.server.url}/contact`);
    await context.close();
  });

  it("opens a section named in the address on arrival", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home#sectors`);
    await appReady(page);
    await scrolledTo(page, "sectors");
    await context.close();
  });

  it("offers the menu on a phone behind a button that the keyboard opens and Escape closes", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    await appReady(page);
    expect(await page.getByRole("link", { name: "Setores" }).count()).toBe(0);

    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const closeToggle = page.getByRole("button", { name: "Fechar menu" });
    expect(await closeToggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Setores");
    await page.keyboard.press("Escape");
    expect(await page.getByRole("link", { name: "Setores" }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Abrir menu");

    await toggle.click();
    await page.getByRole("link", { name: "Setores" }).click();
    await scrolledTo(page, "sectors");
    expect(await page.getByRole("button", { name: "Abrir menu" }).getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("loads only its own script until the visitor acts; a click before the app is there is replayed in it", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const page = await context.newPage();
    const scripts: string[] = [];
    const events: { name: string; path: string }[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      if (request.url().endsWith("/api/analytics"))
        events.push(...(JSON.parse(request.postData() ?? "{}") as { events: { name: string; path: string }[] }).events);
    });
    // The landing counts its own page view (after the load, once the browser is idle) with no app.
    const viewed = analyticsBatchWith(page, "page_view");
    await page.goto(`${journey.server.url}/home`);
    await viewed;
    // Not the app, nor a piece of it: the page view counted before the app is there needs neither.
    expect(scripts.filter((script) => /\/assets\/(main|framework|app)-/.test(script))).toEqual([]);
    expect(await appSwitcher(page).count()).toBe(0);

    // A click with no pointer move before it (a keyboard's Enter, a fast tap) is held, the app loads, and the same
    // link of the app's page gets it: the register tab opens and the call to action is counted.
    const ctaSent = analyticsBatchWith(page, "cta_click");
    await page.getByRole("link", { name: "Testar grátis" }).first().dispatchEvent("click");
    await page.waitForURL(`${journey.server.url}/auth`);
    await page.getByRole("tab", { name: "Criar conta", selected: true }).waitFor();
    await ctaSent;
    expect(scripts.some((script) => /\/assets\/main-/.test(script))).toBe(true);
    // The app's first route is the page the landing already counted: /home is viewed once.
    expect(events.filter((event) => event.name === "page_view" && event.path === "/home")).toHaveLength(1);
    await context.close();
  });

  it("is drawn by the server in the browser's language, so it shows before any script runs", async () => {
    const context = await journey.browser.newContext({ locale: "es-ES", javaScriptEnabled: false, ...PHONE });
    const page = await context.newPage();
    const response = await page.goto(`${journey.server.url}/home`);
    expect(response?.headers()["content-language"]).toBe("es");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Formularios en la computadora, recolección en el celular, incluso sin señal",
    );
    expect(await page.getByRole("heading", { name: TEXTS.es.sectorsTitle }).count()).toBe(1);
    await context.close();
  });

  it("follows the language the visitor chose before over the browser's", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    await context.addInitScript(() => localStorage.setItem("campo_language", "en"));
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    await page.getByRole("heading", { name: TEXTS.en.sectorsTitle }).waitFor();
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.getByRole("heading", { name: TEXTS["pt-BR"].sectorsTitle }).count()).toBe(0);
    await context.close();
  });

  it("shows a visitor the prices, monthly and yearly, with a way to sign up", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/home`);
    // In the prerendered landing already: the free plan's limits and the lowest paid price, from shared/plans.
    const section = page.locator("#pricing");
    expect(await section.getByRole("heading", { level: 2 }).textContent()).toBe(
      "Preços simples, para equipes de todos os tamanhos",
    );
    expect(await section.textContent()).toMatch(/até 10 registros e 3 aplicativos.*R\$\s99\/mês/);
    await appReady(page);
    await section.getByRole("link", { name: "Ver planos e preços" }).click();
    await page.waitForURL(`${journey.server.url}/pricing`);

    const basico = page.getByRole("group", { name: "Básico" });
    await basico.getByText(/^R\$\s99$/).waitFor();
    expect(await page.getByRole("group").count()).toBe(5);
    await page.getByRole("switch", { name: "Cobrança anual" }).click();
    await basico.getByText(/^R\$\s1\.089$/).waitFor();
    expect(
      await page.getByRole("group", { name: "Personalizado" }).getByRole("link", { name: "Fale conosco" }).count(),
    ).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await basico.getByRole("link", { name: "Criar conta grátis" }).click();
    await page.waitForURL(`${journey.server.url}/auth`);
    await page.getByRole("tab", { name: "Criar conta", selected: true }).waitFor();
    await context.close();
  });

  it("gives the blog, contact, pricing and legal pages the landing's menu and footer", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const page = await context.newPage();
    for (const path of ["/blog", "/contact", "/pricing", "/privacy-policy", "/terms-of-service"]) {
      await page.goto(`${journey.server.url}${path}`);
      const menu = page.getByRole("navigation", { name: "Menu principal" });
      await menu.getByRole("link", { name: "Setores" }).waitFor();
      for (const name of ["Recursos", "Preços", "Blog", "Contato"])
        expect(await menu.getByRole("link", { name, exact: true }).isVisible(), `${path} ${name}`).toBe(true);
      const footer = page.getByRole("contentinfo");
      for (const name of ["Política de Privacidade", "Termos de Serviço", "Preços"])
        expect(await footer.getByRole("link", { name, exact: true }).isVisible(), `${path} ${name}`).toBe(true);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // A section of the landing from another page: back to /home, at the section.
    await page.goto(`${journey.server.url}/contact`);
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Setores" }).click();
    await page.waitForURL(`${journey.server.url}/home#sectors`);
    await scrolledTo(page, "sectors");
    await context.close();
  });
});
