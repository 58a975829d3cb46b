import { TEXT_COLUMNS } from "./xlsform-languages.ts";

type Row = Record<string, string | number>;

const texts: readonly string[] = TEXT_COLUMNS;

/** A translated text's column (`label::English (en)`); other columns with `::` (`body::accept`) are no language. */
function isTranslation(key: string): boolean {
  const separator = key.indexOf("::");
  return separator > 0 && texts.includes(key.slice(0, separator));
}

/**
 * Once a form has texts in other languages, its main texts are written as `label::<main language>` too (`mainName`,
 * e.g. `Português (pt)`): pyxform and ODK otherwise call them a language named "default" beside the named ones, and
 * the settings' `default_language` would name no column. A form in one language keeps the plain `label`.
 */
export function nameMainLanguage(
  sheets: readonly Row[][],
  mainName: string,
): { sheets: Row[][]; label: string; named: boolean } {
  const translated = sheets.some((rows) => rows.some((row) => Object.keys(row).some(isTranslation)));
  if (!translated) return { sheets: sheets.map((rows) => [...rows]), label: "label", named: false };
  const named = (key: string) => (texts.includes(key) ? `${key}::${mainName}` : key);
  return {
    sheets: sheets.map((rows) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [named(key), value]))),
    ),
    label: named("label"),
    named: true,
  };
}

/** A text's columns in order: the main language's (`mainName`) first, then the others by name. */
export function languageOrder(mainName: string): (left: string, right: string) => number {
  const main = (key: string) => key.endsWith(`::${mainName}`);
  return (left, right) => (main(left) !== main(right) ? (main(left) ? -1 : 1) : left.localeCompare(right));
}
