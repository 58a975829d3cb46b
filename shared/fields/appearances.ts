import type { FieldType } from "./field-types.ts";

/**
 * XLSForm appearances (the `appearance` column: words separated by spaces) that Campo draws. A field keeps its
 * appearance text as written, known words or not, so that an exported form carries the words other tools read;
 * the words Campo has its own setting for live in that setting instead and are written back by the export:
 * `multiline` is the text format textarea, `signature` the signature type, and a group's `field-list` the form's
 * "one page per section" (the collect form pages by sections, never one question per screen).
 */
export const APPEARANCE_MAX = 200;

const CHOICE_LAYOUTS = ["horizontal", "horizontal-compact", "columns", "columns-pack"] as const;

/** The words the designer offers per field type, in the order it lists them. */
export const APPEARANCES_BY_TYPE: Partial<Record<FieldType, readonly string[]>> = {
  text: ["numbers"],
  single_choice: ["minimal", "quick", "search", "likert", ...CHOICE_LAYOUTS],
  multiple_choice: ["minimal", "search", ...CHOICE_LAYOUTS],
  date: ["no-calendar", "month-year", "year"],
};

/** `columns-3`: options in that many columns (2–10). */
const COLUMNS_N = /^columns-(\d{1,2})$/;

export function appearanceWords(appearance: string | undefined): string[] {
  return (appearance ?? "").split(/\s+/).filter((word) => word !== "");
}

function configAppearance(config: object): string | undefined {
  const value: unknown = Reflect.get(config, "appearance");
  return typeof value === "string" ? value : undefined;
}

export function hasAppearance(config: object, word: string): boolean {
  return appearanceWords(configAppearance(config)).includes(word);
}

/** Adds or removes one word, keeping the others (unknown ones too) in their order. */
export function toggleAppearance(appearance: string | undefined, word: string, on: boolean): string | undefined {
  const others = appearanceWords(appearance).filter((item) => item !== word);
  const next = on ? [...others, word] : others;
  return next.length === 0 ? undefined : next.join(" ");
}

/** How a select lays out its options. `autocomplete` is ODK's older name for `search`. */
export type ChoiceLayout =
  | { kind: "list" }
  | { kind: "dropdown" }
  | { kind: "search" }
  | { kind: "likert" }
  | { kind: "columns"; columns: number | "auto"; compact: boolean };

export function choiceLayout(config: object): ChoiceLayout {
  const words = appearanceWords(configAppearance(config));
  if (words.includes("minimal")) return { kind: "dropdown" };
  if (words.includes("search") || words.includes("autocomplete")) return { kind: "search" };
  if (words.includes("likert")) return { kind: "likert" };
  for (const word of words) {
    const count = COLUMNS_N.exec(word)?.[1];
    if (count !== undefined && Number(count) >= 2 && Number(count) <= 10)
      return { kind: "columns", columns: Number(count), compact: false };
  }
  if (words.includes("horizontal-compact") || words.includes("columns-pack"))
    return { kind: "columns", columns: "auto", compact: true };
  if (words.includes("horizontal") || words.includes("columns"))
    return { kind: "columns", columns: "auto", compact: false };
  return { kind: "list" };
}

/**
 * How much of a date the collector gives. As ODK stores them, a `month-year` answer is the month's first day
 * (2024-05-01) and a `year` answer the year's first day (2024-01-01).
 */
export type DatePrecision = "day" | "month" | "year";

export function datePrecision(config: object): DatePrecision {
  const words = appearanceWords(configAppearance(config));
  if (words.includes("year")) return "year";
  if (words.includes("month-year")) return "month";
  return "day";
}

/** Whether a valid ISO date fits the precision (the day, or day and month, are the first). */
export function fitsDatePrecision(iso: string, precision: DatePrecision): boolean {
  if (precision === "month") return iso.endsWith("-01");
  if (precision === "year") return iso.slice(4) === "-01-01";
  return true;
}

/** The value a select stores for ODK's `or_other` option, as ODK stores it; its text goes to `<name>_other`. */
export const OTHER_OPTION = "other";
export const OTHER_FIELD_SUFFIX = "_other";

/** The relevance of the `<name>_other` text, in Campo's expressions: shown while "other" is chosen. */
export function otherTextRelevant(selectName: string, multiple: boolean): string {
  return multiple ? `selected(\${${selectName}}, '${OTHER_OPTION}')` : `\${${selectName}} = '${OTHER_OPTION}'`;
}
