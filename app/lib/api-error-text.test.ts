import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode } from "../../shared/errors.ts";
import { LANGUAGES } from "../../shared/i18n/languages.ts";
import { ApiClientError, NetworkError } from "./api-client.ts";
import { apiErrorText } from "./api-error-text.ts";

const LOCALES = path.join(import.meta.dirname, "..", "..", "shared", "i18n", "locales");
const catalog = (language: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, "errors.json"), "utf8")) as Record<string, string>;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: "pt-BR",
    fallbackLng: false,
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { errors: catalog(language) }])),
  });
});

const serverError = (code: string) =>
  new ApiClientError(400, { code: code as ErrorCode, message: `Raw English server message for ${code}` });

describe("apiErrorText", () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];

  it.each(LANGUAGES)("shows every catalogue code in %s from the catalogue, never the server's message", (language) => {
    const t = i18n.getFixedT(language);
    const texts = catalog(language);
    for (const code of codes) {
      const text = apiErrorText(t, serverError(code));
      expect(text, code).toBe(texts[ERRORS[code].key]);
      expect(text, code).not.toContain("Raw English server message");
    }
  });

  it("speaks Portuguese for the errors users met in English", () => {
    const t = i18n.getFixedT("pt-BR");
    expect(apiErrorText(t, serverError("INVITE_EXISTS"))).toBe(
      "Já existe um membro ativo ou convite pendente para este email",
    );
    expect(apiErrorText(t, serverError("FORBIDDEN"))).toBe("Você não tem permissão para esta ação.");
  });

  it("says an untrusted address is the reason a request was refused", () => {
    expect(apiErrorText(i18n.getFixedT("pt-BR"), serverError("CSRF_REJECTED"))).toMatch(
      /endereço não é confiável.*endereço público/,
    );
  });

  it("gives a code unknown to this build, a network failure and anything else a translated generic text", () => {
    const t = i18n.getFixedT("pt-BR");
    const pt = catalog("pt-BR");
    expect(apiErrorText(t, serverError("SOMETHING_NEW"))).toBe(pt.unknown);
    expect(apiErrorText(t, new NetworkError(new TypeError("Failed to fetch")))).toBe(pt.network);
    expect(apiErrorText(t, new Error("boom"))).toBe(pt.unknown);
    expect(apiErrorText(t, "boom")).toBe(pt.unknown);
  });
});
