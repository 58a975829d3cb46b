import { describe, expect, it } from "vitest";
import { CAPABILITY_TABLE, DESKTOP_ONLY_DIALOG, MOBILE_CAN_DO_KEYS } from "../capabilities/device-capabilities.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { FORM_FEEDBACK_KEYS } from "./answer-validation.ts";
import { FIELD_ERROR_KEYS } from "./field-errors.ts";
import {
  CAPTURE_MODES,
  FIELD_PALETTE,
  FIELD_TYPE_INFO,
  FIELD_TYPES,
  NUMBER_FORMATS,
  TEXT_FORMATS,
} from "./field-types.ts";
import { FIELDS_CATALOGS, fieldsT, hasString } from "./test-i18n.ts";

function flatten(node: object, prefix = ""): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    const path = prefix + key;
    if (typeof value === "string") result[path] = value;
    else if (typeof value === "object" && value !== null) Object.assign(result, flatten(value, `${path}.`));
  }
  return result;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? "").sort();
}

const referencedKeys: string[] = [
  ...FIELD_ERROR_KEYS,
  ...FORM_FEEDBACK_KEYS,
  ...FIELD_TYPES.map((type) => FIELD_TYPE_INFO[type].labelKey),
  ...FIELD_PALETTE.map((group) => group.labelKey),
  ...NUMBER_FORMATS.map((format) => `numberFormats.${format}`),
  ...TEXT_FORMATS.map((format) => `textFormats.${format}`),
  ...CAPTURE_MODES.map((mode) => `captureModes.${mode}`),
  "maxSizeOption",
  ...Object.values(CAPABILITY_TABLE).flatMap((row) =>
    row.blockReason ? [row.blockReason.titleKey, row.blockReason.messageKey, row.blockReason.suggestionKey] : [],
  ),
  ...Object.values(DESKTOP_ONLY_DIALOG),
  MOBILE_CAN_DO_KEYS.titleKey,
  ...MOBILE_CAN_DO_KEYS.itemKeys,
];

describe("fields catalogs", () => {
  it("have the same keys and placeholders in every language", () => {
    const reference = flatten(FIELDS_CATALOGS["pt-BR"]);
    for (const language of LANGUAGES) {
      const catalog = flatten(FIELDS_CATALOGS[language]);
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(catalog)) {
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(reference[key] ?? ""));
        expect(text.trim(), `${language} ${key}`).not.toBe("");
      }
    }
  });

  it("hold every key the shared rules reference", () => {
    for (const language of LANGUAGES) {
      const missing = referencedKeys.filter((key) => !hasString(FIELDS_CATALOGS[language], key));
      expect(missing, language).toEqual([]);
    }
  });

  it("carry the spec's Portuguese texts verbatim", async () => {
    const t = await fieldsT("pt-BR");
    expect(t("required")).toBe("Este campo é obrigatório");
    expect(t("selectYesNo")).toBe("Selecione Sim ou Não");
    expect(t("invalidNumber")).toBe("Digite um número válido");
    expect(t("invalidNumberField")).toBe("Informe um número válido.");
    expect(t("numberRange", { min: 1, max: 9 })).toBe("Permitido: 1 a 9");
    expect(t("numberMin", { min: 1 })).toBe("Mínimo: 1");
    expect(t("numberMax", { max: 9 })).toBe("Máximo: 9");
    expect(t("numberRangeField", { min: 1, max: 9 })).toBe("O valor deve estar entre 1 e 9.");
    expect(t("numberMinField", { min: 1 })).toBe("Mínimo permitido: 1.");
    expect(t("numberMaxField", { max: 9 })).toBe("Máximo permitido: 9.");
    expect(t("optionsRequired")).toBe("Nenhuma opção adicionada. Adicione pelo menos uma opção.");
    expect(t("appNameRequired")).toBe("O nome do aplicativo é obrigatório.");
    expect(t("numberFormats.decimal")).toBe("Decimal");
    expect(t("numberFormats.integer")).toBe("Inteiro");
    expect(t("numberFormats.percentage")).toBe("Porcentagem");
    expect(t("numberFormats.currency")).toBe("Moeda");
    expect(t("categories.basic")).toBe("Básico");
    expect(t("capabilities.createOnDesktop.title")).toBe("Use um computador para criar apps");
    expect(t("capabilities.collectOnMobile.title")).toBe("Coleta disponível apenas no app móvel");
    expect(t(DESKTOP_ONLY_DIALOG.titleKey)).toBe("Use um computador para criar seu app");
    expect(t(DESKTOP_ONLY_DIALOG.messageKey)).toBe(
      "No celular, você pode visualizar e coletar dados normalmente. Para criar/editar apps, acesse pelo computador.",
    );
    expect(t(DESKTOP_ONLY_DIALOG.confirmKey)).toBe("OK, entendi");
  });

  it("interpolate parameters in English and Spanish too", async () => {
    expect((await fieldsT("en"))("numberRange", { min: 0, max: 5 })).toBe("Allowed: 0 to 5");
    expect((await fieldsT("es"))("answersTooLarge", { maxKb: 256 })).toContain("256 KB");
  });
});
