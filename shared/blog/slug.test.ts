import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "./slug.ts";

describe("slugify", () => {
  it.each([
    ["Coleta de dados no Cerrado: ação!", "coleta-de-dados-no-cerrado-acao"],
    ["  Mapas & Dados — 2026  ", "mapas-dados-2026"],
    ["Ñandú, pingüino e Çedilha", "nandu-pinguino-e-cedilha"],
    ["!!!", ""],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slug).toMatch(SLUG_PATTERN);
  });

  it("cuts long titles without leaving a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(SLUG_MAX_LENGTH - 1)} b`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});
