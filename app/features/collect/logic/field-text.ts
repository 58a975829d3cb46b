import { normalizeLanguage } from "../../../../shared/i18n/languages.ts";
import type { CollectField } from "./form-values.ts";

const TRANSLATED_CONFIG_KEYS = ["description", "constraintMessage", "requiredMessage"] as const;

/**
 * The field as the collector reads it in the UI language: a translation the form carries (XLSForm
 * `label::English (en)`) wins over the stored text; parts it lacks keep the stored text.
 */
export function localizeField(field: CollectField, language: string): CollectField {
  const code = normalizeLanguage(language);
  const translated = code ? field.config.translations?.[code] : undefined;
  if (!translated) return field;
  const config: Record<string, unknown> = { ...field.config };
  for (const key of TRANSLATED_CONFIG_KEYS) {
    const text = translated[key];
    // Only answered fields (their config has `required`) carry messages; a note does not gain one.
    if (text && (key === "description" || "required" in config)) config[key] = text;
  }
  return { ...field, label: translated.label || field.label, config } as CollectField;
}
