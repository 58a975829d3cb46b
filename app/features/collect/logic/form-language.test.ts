import { describe, expect, it } from "vitest";
import { formLanguages, initialFormLanguage, languageChoices, translationLanguage } from "./form-language.ts";

const fields = [
  { config: { translations: { en: { label: "Crop" }, fr: { label: "Culture" } } } },
  { config: { translations: { es: { label: "Cultivo" } } } },
  { config: {} },
];

describe("form languages on the phone", () => {
  it("are the main language and every Campo language some field is translated into", () => {
    const languages = formLanguages(fields, "pt-BR");
    expect(languageChoices(languages)).toEqual(["pt-BR", "en", "es"]);
    expect(languageChoices(formLanguages(fields, undefined))).toEqual(["main", "en", "es"]);
    expect(languageChoices(formLanguages([{ config: {} }], "en"))).toEqual(["en"]);
  });

  it("start in the stored choice, else the UI language matched by code, else the main texts", () => {
    const languages = formLanguages(fields, "en");
    expect(initialFormLanguage(languages, "es", "pt-BR")).toBe("es");
    expect(initialFormLanguage(languages, "fr", "pt-BR")).toBe("en");
    expect(initialFormLanguage(formLanguages(fields, undefined), null, "en-US")).toBe("en");
    expect(initialFormLanguage(formLanguages([{ config: { translations: { "pt-BR": {} } } }], "en"), null, "pt")).toBe(
      "pt-BR",
    );
    expect(initialFormLanguage(languages, null, "de")).toBe("en");
  });

  it("translate only away from the main language", () => {
    const languages = formLanguages(fields, "pt-BR");
    expect(translationLanguage("pt-BR", languages)).toBeUndefined();
    expect(translationLanguage("main", languages)).toBeUndefined();
    expect(translationLanguage("es", languages)).toBe("es");
  });
});
