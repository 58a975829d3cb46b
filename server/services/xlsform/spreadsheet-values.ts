/**
 * A spreadsheet cell's value as the text an XLSForm author means by it, the same for .xlsx and .xls: Excel keeps
 * dates and times as day numbers and shows numbers with 15 significant digits, while XLSForm wants `2026-03-01`,
 * `14:30` and `0.3` (not a JavaScript date string, nor 0.30000000000000004).
 */

/** What a date-formatted cell holds, read from its number format (or its value when the format says nothing). */
export type DateKind = "date" | "time" | "datetime";

/** Excel shows 15 significant digits; so does the text read from a number cell. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

/** `TRUE`/`FALSE`, as Excel shows a logical cell (and pyxform reads it). */
export function booleanText(value: boolean): string {
  return value ? "TRUE" : "FALSE";
}

/**
 * The kind of value a number format shows: parts in quotes, escapes and brackets (colours, locales, elapsed time
 * such as `[h]`) are left out, then days, months as days-months-years and years make a date, hours and seconds a time.
 */
export function dateKindOfFormat(format: string): DateKind | null {
  const bare = format
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[(h+|m+|s+)\]/gi, "h")
    .replace(/\[[^\]]*\]/g, "")
    .toLowerCase();
  const date = /[dy]/.test(bare) || (/m/.test(bare) && !/[hs]/.test(bare));
  const time = /[hs]/.test(bare);
  if (date && time) return "datetime";
  if (date) return "date";
  if (time) return "time";
  return null;
}

/** Milliseconds in a day, and the Unix time of Excel's day 0 (1899-12-30, the 1900 system after its leap-year bug). */
const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** The 1904 date system (old Mac workbooks) counts from 1904-01-01. */
const EXCEL_1904_EPOCH_MS = Date.UTC(1904, 0, 1);

/** A serial day number (days since the workbook's epoch, the fraction the time of day) as a UTC instant. */
export function serialToDate(serial: number, date1904 = false): Date {
  return new Date((date1904 ? EXCEL_1904_EPOCH_MS : EXCEL_EPOCH_MS) + Math.round(serial * DAY_MS));
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A date cell's text (its instant read in UTC, as spreadsheet libraries decode serials): `YYYY-MM-DD`, `HH:MM`
 * (`HH:MM:SS` with seconds) or both joined by `T`. Without a kind, a whole day is a date and a value within the
 * first day a time.
 */
export function dateText(value: Date, kind: DateKind | null, date1904 = false): string {
  const epoch = date1904 ? EXCEL_1904_EPOCH_MS : EXCEL_EPOCH_MS;
  const resolved =
    kind ??
    (value.getTime() % DAY_MS === 0
      ? "date"
      : value.getTime() - epoch < DAY_MS && value.getTime() >= epoch
        ? "time"
        : "datetime");
  const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const seconds = value.getUTCSeconds();
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}${seconds === 0 ? "" : `:${pad(seconds)}`}`;
  if (resolved === "date") return day;
  if (resolved === "time") return time;
  return `${day}T${time}`;
}
