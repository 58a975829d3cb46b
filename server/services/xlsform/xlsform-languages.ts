import type { Language } from "../../../shared/i18n/languages.ts";
import type { Sheet } from "./xlsform-sheets.ts";

/** The texts a field carries per language, by XLSForm column. */
export const TEXT_COLUMNS = ["label", "hint", "constraint_message", "required_message"] as const;
export type TextColumn = (typeof TEXT_COLUMNS)[number];

/**
 * The language Campo writes its main texts in, named as XLSForm names languages (`Name (code)`): a bare language
 * subtag, as pyxform checks codes against IANA's list of language subtags (`pt-BR` draws a warning there).
 */
export const EXPORT_DEFAULT_LANGUAGE = "Português (pt)";
/** How the export names the other languages' columns (`label::English (en)`). */
export const EXPORT_LANGUAGE_NAMES: Readonly<Record<Exclude<Language, "pt-BR">, string>> = {
  en: "English (en)",
  es: "Español (es)",
};

/** The XLSForm name of each Campo language, for `default_language` and the `label::…` columns. */
export function xlsformLanguageName(language: Language): string {
  return language === "pt-BR" ? EXPORT_DEFAULT_LANGUAGE : EXPORT_LANGUAGE_NAMES[language];
}

const LANGUAGE_WORDS: readonly [Language, RegExp][] = [
  ["pt-BR", /^(pt|pt[-_]br|portugu[eê]se?|portugu[eê]s)$/i],
  ["en", /^(en|en[-_][a-z]{2}|english|ingl[eê]s)$/i],
  ["es", /^(es|es[-_][a-z]{2}|spanish|espa[ñn]ol)$/i],
];

/** Campo's language for an XLSForm language name: its code in parentheses (`English (en)`) or its name. */
export function campoLanguage(name: string): Language | undefined {
  const code = /\(([^)]+)\)\s*$/.exec(name)?.[1]?.trim();
  const words = [code, name.replace(/\([^)]*\)\s*$/, "").trim()].filter(
    (word): word is string => word !== undefined && word !== "",
  );
  return LANGUAGE_WORDS.find(([, pattern]) => words.some((word) => pattern.test(word)))?.[0];
}

/** Which column holds each text: the main one, and one per other Campo language. */
export interface TextColumns {
  /** The main texts' language, when its name or the settings say which. */
  language?: Language;
  main: Partial<Record<TextColumn, string>>;
  translations: Partial<Record<Language, Partial<Record<TextColumn, string>>>>;
}

/** A column key (older spellings already resolved, see columnKey) split into its text and its language, in lower case. */
function splitKey(key: string): { base: string; language: string | null } {
  const separator = key.indexOf("::");
  if (separator < 0) return { base: key, language: null };
  return { base: key.slice(0, separator), language: key.slice(separator + 2) };
}

/**
 * The main language is the settings' `default_language` when a column is written in it; otherwise the columns
 * without a language (`label`) or, when every column names one, the first language of the `label` columns.
 * Languages other than Campo's three are left out.
 */
export function resolveTextColumns(sheet: Sheet, defaultLanguage: string | undefined): TextColumns {
  const columns = [...sheet.headers.keys()].map((key) => ({ key, ...splitKey(key) }));
  const labelLanguages = columns.filter((column) => column.base === "label").map((column) => column.language);
  const named = (language: string | null) =>
    defaultLanguage !== undefined && language !== null && language.toLowerCase() === defaultLanguage.toLowerCase();
  const main = labelLanguages.find(named) ?? (labelLanguages.includes(null) ? null : (labelLanguages[0] ?? null));
  const mainCampo =
    main === null ? (defaultLanguage ? campoLanguage(defaultLanguage) : undefined) : campoLanguage(main);
  const result: TextColumns = { ...(mainCampo ? { language: mainCampo } : {}), main: {}, translations: {} };
  for (const column of columns) {
    const base = TEXT_COLUMNS.find((text) => text === column.base);
    if (base === undefined) continue;
    if (column.language === main || column.language === null) {
      result.main[base] ??= column.key;
      continue;
    }
    const language = campoLanguage(column.language);
    if (language === undefined || language === mainCampo) continue;
    (result.translations[language] ??= {})[base] = column.key;
  }
  return result;
}
