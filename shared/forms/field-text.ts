import type { Language } from "../i18n/languages.ts";

/** The texts a collector reads for a field. */
export interface FieldTexts {
  label: string;
  description?: string;
  constraintMessage?: string;
  requiredMessage?: string;
}

interface TranslatableField {
  label: string;
  config: object;
}

function text(source: object | undefined, key: keyof FieldTexts): string | undefined {
  const value: unknown = source === undefined ? undefined : Reflect.get(source, key);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * A field's texts in the UI language: each text the form has in that language (`config.translations`, e.g. from
 * XLSForm's `label::English (en)`) wins over the stored one, text by text.
 */
export function fieldText(field: TranslatableField, language: Language): FieldTexts {
  const translations: unknown = Reflect.get(field.config, "translations");
  const translated: unknown =
    typeof translations === "object" && translations !== null ? Reflect.get(translations, language) : undefined;
  const own = typeof translated === "object" && translated !== null ? translated : undefined;
  const pick = (key: keyof FieldTexts) => text(own, key) ?? text(field.config, key);
  const texts: FieldTexts = { label: text(own, "label") ?? field.label };
  for (const key of ["description", "constraintMessage", "requiredMessage"] as const) {
    const value = pick(key);
    if (value !== undefined) texts[key] = value;
  }
  return texts;
}
