import { OPTION_IMAGE_NAME_PATTERN } from "../../../shared/fields/option-images.ts";
import type { Sheet } from "./xlsform-sheets.ts";

/** `image`, `media::image` and their per-language spellings (`image::English (en)`); the language after `::`. */
const IMAGE_COLUMN = /^(?:media::)?image(?:::(.+))?$/;

/**
 * The choices column whose file names Campo shows beside options: the one without a language, else the main
 * label's language, else the first. Campo keeps one image per option (images rarely differ by language).
 */
export function choiceImageColumn(choices: Sheet, mainLabelKey: string): string | undefined {
  const columns = [...choices.headers.keys()].flatMap((key) => {
    const match = IMAGE_COLUMN.exec(key);
    return match ? [{ key, language: match[1] }] : [];
  });
  const mainLanguage = mainLabelKey.includes("::") ? mainLabelKey.slice(mainLabelKey.indexOf("::") + 2) : undefined;
  return (
    columns.find((column) => column.language === undefined) ??
    columns.find((column) => column.language === mainLanguage) ??
    columns[0]
  )?.key;
}

/**
 * A cell's image as Campo keeps it: only names a form can have attached (JPEG, PNG or WebP, one safe segment). Others
 * (`logo.gif`, `my cow.png`) could never be shown, so the option keeps its label alone rather than refusing the form.
 */
export function importableImage(name: string): string | undefined {
  const trimmed = name.trim();
  return OPTION_IMAGE_NAME_PATTERN.test(trimmed) ? trimmed : undefined;
}
