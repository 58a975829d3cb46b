import { describe, expect, it } from "vitest";
import { formatLastUpdate } from "./legal-document.tsx";
import ptBR from "../../../../shared/i18n/locales/pt-BR/legal.json";
import en from "../../../../shared/i18n/locales/en/legal.json";
import es from "../../../../shared/i18n/locales/es/legal.json";

describe("legal documents", () => {
  it.each([
    ["pt-BR", ptBR],
    ["en", en],
    ["es", es],
  ])("%s has 11 privacy sections and 13 terms sections", (_language, catalog) => {
    expect(Object.keys(catalog.privacy.sections)).toHaveLength(11);
    expect(Object.keys(catalog.terms.sections)).toHaveLength(13);
  });

  it.each([
    ["pt-BR", ptBR, ["90 dias", "6 caracteres", "Global Privacy Control"]],
    ["en", en, ["90 days", "6 characters", "Global Privacy Control"]],
    ["es", es, ["90 días", "6 caracteres", "Global Privacy Control"]],
  ])("%s privacy policy says what usage statistics collect and keep", (_language, catalog, phrases) => {
    for (const phrase of phrases) expect(catalog.privacy.sections.s10.body).toContain(phrase);
  });

  it("limits liability to the last 12 months' payments under Brazilian law", () => {
    expect(ptBR.terms.sections.s11.body).toContain("últimos 12 meses");
    expect(ptBR.terms.sections.s13.body).toContain("Brasil");
    expect(en.terms.sections.s11.body).toContain("last 12 months");
  });

  it("writes the last-update date in the reader's format", () => {
    const date = new Date(2026, 10, 21);
    expect(formatLastUpdate(date, "pt-BR")).toBe("21/11/2026");
    expect(formatLastUpdate(date, "es")).toBe("21/11/2026");
    expect(formatLastUpdate(date, "en")).toBe("11/21/2026");
  });
});
