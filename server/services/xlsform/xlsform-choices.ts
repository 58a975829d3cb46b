import type { Language } from "../../../shared/i18n/languages.ts";
import type { XlsFormIssue, XlsFormSheet } from "../../../shared/xlsform/xlsform-issues.ts";
import { FIELD_NAME_PATTERN } from "../../../shared/fields/field-config.ts";
import { choiceImageColumn, importableImage } from "./xlsform-choice-images.ts";
import { resolveTextColumns } from "./xlsform-languages.ts";
import { distinguishOptionLabels } from "./xlsform-option-labels.ts";
import { cell, type Sheet } from "./xlsform-sheets.ts";

export interface ChoiceOption {
  row: number;
  name: string;
  /** The option's text in the main language: what Campo stores as the answer. */
  label: string;
  /** The row's other columns (`state` of a city), read by a choice filter. */
  properties: Record<string, string>;
  /**
   * The other columns of later rows of the same name and label (a county "King" in two states, which pyxform
   * takes with `allow_choice_duplicates`): one option under several parents (option-property-sets.ts).
   */
  moreProperties: Record<string, string>[];
  /** The option's text in the form's other languages (`label::English (en)`). */
  translations: Partial<Record<Language, string>>;
  /** The attached image file the option shows (the `image` / `media::image` column). */
  image?: string;
}

export interface ChoiceList {
  name: string;
  options: ChoiceOption[];
  /** The sheet its rows are on: `choices`, or `external_choices` for a `select_one_external`'s list. */
  sheet: XlsFormSheet;
}

/** XLSForm's own choices columns (texts in any language, media) are not option properties. */
const CHOICE_COLUMNS = /^(list_name|name|label|hint|image|audio|video|media|big-image)(::|$)/;

function isPropertyColumn(key: string): boolean {
  return !CHOICE_COLUMNS.test(key) && FIELD_NAME_PATTERN.test(key);
}

/** The choices sheet's lists, by name, each option with its row (option errors are placed there). */
export function readChoiceLists(
  choices: Sheet | undefined,
  defaultLanguage: string | undefined,
  sheet: XlsFormSheet = "choices",
): { lists: Map<string, ChoiceList>; issues: XlsFormIssue[]; notes: XlsFormIssue[] } {
  const lists = new Map<string, ChoiceList>();
  if (!choices) return { lists, issues: [], notes: [] };
  const issues: XlsFormIssue[] = [];
  for (const column of ["list_name", "name"]) {
    if (!choices.headers.has(column))
      issues.push({ sheet, row: 1, column, key: "xlsform:issues.missingColumn", params: { column } });
  }
  if (issues.length > 0) return { lists, issues, notes: [] };
  const texts = resolveTextColumns(choices, defaultLanguage);
  const labelKey = texts.main.label ?? "label";
  const translatedKeys = Object.entries(texts.translations).flatMap(([language, columns]) =>
    columns.label === undefined ? [] : [[language as Language, columns.label] as const],
  );
  const propertyKeys = [...choices.headers.keys()].filter(isPropertyColumn);
  const imageKey = choiceImageColumn(choices, labelKey);
  for (const row of choices.rows) {
    const listName = cell(row, "list_name");
    const name = cell(row, "name");
    if (listName === "" || name === "") continue;
    const list = lists.get(listName) ?? { name: listName, options: [], sheet };
    const properties = Object.fromEntries(
      propertyKeys.flatMap((key) => (cell(row, key) === "" ? [] : [[key, cell(row, key)] as const])),
    );
    const translations = Object.fromEntries(
      translatedKeys.flatMap(([language, key]) => (cell(row, key) === "" ? [] : [[language, cell(row, key)] as const])),
    );
    const label = cell(row, labelKey) || name;
    const same = list.options.find((option) => option.name === name && option.label === label);
    if (same) same.moreProperties.push(properties);
    else {
      const image = imageKey === undefined ? undefined : importableImage(cell(row, imageKey));
      const option = { row: row.row, name, label, properties, moreProperties: [], translations };
      list.options.push(image === undefined ? option : { ...option, image });
    }
    lists.set(listName, list);
  }
  return { lists, issues, notes: distinguishOptionLabels(lists.values(), choices.headers.get(labelKey) ?? labelKey) };
}
