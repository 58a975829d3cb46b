import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "./accept-language.ts";

describe("negotiateLanguage", () => {
  it.each([
    [undefined, "pt-BR"],
    ["", "pt-BR"],
    ["en-US,en;q=0.9", "en"],
    ["es-ES", "es"],
    ["pt-PT,pt;q=0.9", "pt-BR"],
    ["fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7", "es"],
    ["de, en;q=0.5, es;q=0.9", "es"],
    ["en;q=0, es", "es"],
    ["fr, de", "pt-BR"],
    ["*", "pt-BR"],
  ])("answers %j with %s", (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});
