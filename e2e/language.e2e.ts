import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useAppServerAndBrowser } from "./support/journey.ts";

const NOT_FOUND = {
  "pt-BR": "Oops! Página não encontrada",
  en: "Oops! Page not found",
  es: "¡Ups! Página no encontrada",
} as const;

async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: /^(Idioma|Language):/ }).click();
  await page.getByRole("menuitemradio", { name }).click();
}

describe("language", () => {
  const journey = useAppServerAndBrowser();

  it("switches to English and Spanish through the switcher, and keeps the choice after a reload", async () => {
    const context = await journey.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/no/such/page`);
    await page.getByText(NOT_FOUND["pt-BR"]).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");

    await chooseLanguage(page, "English");
    await page.getByText(NOT_FOUND.en).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.getByRole("link", { name: "Log in" }).isVisible()).toBe(true);

    await chooseLanguage(page, "Español");
    await page.getByText(NOT_FOUND.es).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.evaluate(() => localStorage.getItem("campo_language"))).toBe("es");

    await page.reload();
    await page.getByText(NOT_FOUND.es).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    await context.close();
  });

  it.each([
    ["set to European Portuguese", "pt-PT"],
    ["in a language Campo lacks", "fr-FR"],
  ])("gives a browser %s the Brazilian catalog", async (_, locale) => {
    const context = await journey.browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/no/such/page`);
    await page.getByText(NOT_FOUND["pt-BR"]).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
    await context.close();
  });

  /** A page opened in an English browser, with the text of every script it downloads. */
  async function openInEnglish(path: string) {
    const context = await journey.browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await page.goto(`${journey.server.url}${path}`);
    return { context, page, scriptTexts: () => Promise.all(scripts) };
  }

  it("follows an English browser when nothing is stored, downloading no other language's catalog", async () => {
    const { context, page, scriptTexts } = await openInEnglish("/no/such/page");
    await page.getByText(NOT_FOUND.en).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    // i18next had every catalog it was going to load before the first render showed the text.
    const texts = await scriptTexts();
    expect(texts.some((text) => text.includes(NOT_FOUND.en))).toBe(true);
    expect(texts.some((text) => text.includes(NOT_FOUND["pt-BR"]))).toBe(false);
    await context.close();
  });

  it("opens a page whose catalogs load with its chunk (contact) in English, downloading no Brazilian catalog", async () => {
    const { context, page, scriptTexts } = await openInEnglish("/contact");
    await page.getByRole("heading", { name: "Contact us" }).waitFor();
    // The router asks for the page's catalogs as it starts: before i18next knew the language, it asked in pt-BR.
    const texts = await scriptTexts();
    expect(texts.some((text) => text.includes("Write your message"))).toBe(true);
    expect(texts.filter((text) => text.includes("Escreva sua mensagem") || text.includes(NOT_FOUND["pt-BR"]))).toEqual(
      [],
    );
    await context.close();
  });
});
