import { EXPORT_DEFAULT_LANGUAGE, TEXT_COLUMNS } from "./xlsform-languages.ts";

type Row = Record<string, string | number>;

/**
 * Once a form has texts in other languages, its main texts are written as `label::Português (pt)` too: pyxform
 * and ODK otherwise call them a language named "default" beside the named ones, and the settings'
 * `default_language` would name no column. A form in one language keeps the plain `label`.
 */
export function nameMainLanguage(sheets: readonly Row[][]): { sheets: Row[][]; label: string } {
  const translated = sheets.some((rows) => rows.some((row) => Object.keys(row).some((key) => key.includes("::"))));
  if (!translated) return { sheets: sheets.map((rows) => [...rows]), label: "label" };
  const texts: readonly string[] = TEXT_COLUMNS;
  const named = (key: string) => (texts.includes(key) ? `${key}::${EXPORT_DEFAULT_LANGUAGE}` : key);
  return {
    sheets: sheets.map((rows) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [named(key), value]))),
    ),
    label: named("label"),
  };
}

/** A text's columns in order: the main language's first, then the others by name. */
export function languageOrder(left: string, right: string): number {
  const main = (key: string) => key.endsWith(`::${EXPORT_DEFAULT_LANGUAGE}`);
  return main(left) !== main(right) ? (main(left) ? -1 : 1) : left.localeCompare(right);
}
