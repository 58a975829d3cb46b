import { OTHER_FIELD_SUFFIX, otherTextRelevant } from "../../../shared/fields/appearances.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages.ts";
import type { TextColumns } from "./xlsform-languages.ts";
import type { PendingField } from "./xlsform-survey.ts";

/** The label pyxform gives the text of `or_other` ("Specify other."), in each language the form has. */
const OTHER_TEXT_LABELS: Readonly<Record<Language, string>> = {
  "pt-BR": "Especifique outro",
  en: "Specify other",
  es: "Especifique otro",
};

/**
 * `select_one list or_other` adds, as pyxform does, a text field `<name>_other` right after the select, shown
 * while "other" is chosen. Its relevance is already Campo's (the select's own options are not renamed here).
 */
export function otherTextOf(select: PendingField, texts: TextColumns): PendingField {
  const main = texts.language ?? DEFAULT_LANGUAGE;
  const languages = Object.keys(texts.translations) as Language[];
  const translations = Object.fromEntries(
    languages.map((language) => [language, { label: OTHER_TEXT_LABELS[language] }]),
  );
  return {
    row: select.row,
    fieldType: "text",
    name: `${select.name}${OTHER_FIELD_SUFFIX}`,
    label: OTHER_TEXT_LABELS[main],
    parentName: select.parentName,
    config: {
      format: "plain",
      relevant: otherTextRelevant(select.name, select.fieldType === "multiple_choice"),
      ...(languages.length > 0 ? { translations } : {}),
    },
    expressions: {},
    fieldList: false,
  };
}
