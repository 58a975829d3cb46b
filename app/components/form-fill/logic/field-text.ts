import { fieldText } from "../../../../shared/forms/index.ts";
import { normalizeLanguage } from "../../../../shared/i18n/languages.ts";
import type { CollectField } from "./form-values.ts";

/**
 * The field as the collector reads it in the UI language (shared `fieldText`: a translation the form carries wins
 * over the stored text, text by text). Messages go into the config, where the shared record rules read them.
 */
export function localizeField(field: CollectField, language: string): CollectField {
  const code = normalizeLanguage(language);
  if (!code || !field.config.translations?.[code]) return field;
  const texts = fieldText(field, code);
  const config: Record<string, unknown> = { ...field.config, description: texts.description };
  // Only answered fields (their config has `required`) carry messages; a note does not gain one.
  if ("required" in config) {
    config.constraintMessage = texts.constraintMessage;
    config.requiredMessage = texts.requiredMessage;
  }
  return { ...field, label: texts.label, config } as CollectField;
}
