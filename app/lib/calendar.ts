/** Spec 000 §9: the picker's years and the first day of the week per language. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;
export const YEARS_PER_PAGE = 10;

/** 0 = Sunday (pt-BR, en), 1 = Monday (es). */
export type WeekStart = 0 | 1;

export function weekStartFor(language: string): WeekStart {
  return language.toLowerCase().startsWith("es") ? 1 : 0;
}

export function clampYear(year: number): number {
  return Math.min(YEAR_MAX, Math.max(YEAR_MIN, year));
}

/** The page of ten years holding `year`: 1900–1909, 1910–1919, …, 2100 alone. */
export function yearPage(year: number): number[] {
  const start = YEAR_MIN + Math.floor((clampYear(year) - YEAR_MIN) / YEARS_PER_PAGE) * YEARS_PER_PAGE;
  const end = Math.min(YEAR_MAX, start + YEARS_PER_PAGE - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

export interface CalendarDay {
  iso: string;
  day: number;
  inMonth: boolean;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, "0");
}

export function toIsoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** Weeks (rows of 7) covering `month` (0–11) of `year`, padded with the neighbouring months' days. */
export function monthGrid(year: number, month: number, weekStart: WeekStart): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() - weekStart + 7) % 7;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let index = 0; index < cells; index += 1) {
    const date = new Date(Date.UTC(year, month, 1 - lead + index));
    const day: CalendarDay = {
      iso: toIsoDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()),
      day: date.getUTCDate(),
      inMonth: date.getUTCMonth() === month,
    };
    if (index % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push(day);
  }
  return weeks;
}

/** Short weekday names in display order, e.g. pt-BR: dom., seg., …; es: lun., mar., … */
export function weekdayLabels(language: string, weekStart: WeekStart): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2023, 0, 1 + weekStart + index))));
}

/** English writes month first; pt-BR and es write day first (spec 000 §9). */
function monthFirst(language: string): boolean {
  return language.toLowerCase().startsWith("en");
}

export function typedDatePattern(language: string): string {
  return monthFirst(language) ? "MM/DD/YYYY" : "DD/MM/YYYY";
}

export function formatTypedDate(iso: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return monthFirst(language) ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/**
 * Reads a typed date in the language's order (separators / . or -), or an ISO date. Returns YYYY-MM-DD, or
 * null when the text is not a whole date inside the picker's years; impossible days (31/02) are left to
 * answer validation.
 */
export function parseTypedDate(text: string, language: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  let year: number;
  let month: number;
  let day: number;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (local) {
    const [first, second] = [Number(local[1]), Number(local[2])];
    [month, day] = monthFirst(language) ? [first, second] : [second, first];
    year = Number(local[3]);
  } else {
    return null;
  }
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return toIsoDate(year, month - 1, day);
}
