/**
 * How an answer reads, by field type and language. The web's record detail and list use `formatAnswer`; the
 * exports use `exportValue`, which keeps numbers as numbers (typed cells) and is language-dependent only in the
 * yes/no words and the media links.
 *
 * Decisions (docs/decisions.md, data page): dates read dd/MM/yyyy HH:mm in pt-BR and es, MM/dd/yyyy HH:mm in
 * English, in the reader's time zone; numbers use the language's separators; currency ("Moeda") is always BRL —
 * the amount was typed in reais whatever language the reader uses, so only the separators follow the language;
 * percentages are stored as the typed number (45 = 45 %).
 */
import type { Language } from "../i18n/languages.ts";
import { repeatEntries } from "./record-layout.ts";
import { formatGeometryAnswer, geometryAnswerOf } from "../geo/geometry-answer-text.ts";
import { geometryToWkt } from "../geo/geometry-wkt.ts";

export interface RecordField {
  id: string;
  label: string;
  /** The field's key in expressions; containers are found by it (`parentName`). */
  name: string;
  /** The section or repeat holding the field, null at the top level. */
  parentName: string | null;
  fieldType: string;
  config: Record<string, unknown>;
  /** Soft-deleted from the form: answers stay readable, shown as "removed field". */
  removed: boolean;
}

export interface AnswerWords {
  yes: string;
  no: string;
  /** A repeat's answer in one cell: "3 entradas". */
  entries(count: number): string;
  /** What a line and an area answer read as before their measure: "Linha · 1,2 km", "Área · 1,5 ha". */
  line: string;
  area: string;
}

const DATE_ORDER: Record<Language, "dmy" | "mdy"> = { "pt-BR": "dmy", en: "mdy", es: "dmy" };
const NUMBER_LOCALE: Record<Language, string> = { "pt-BR": "pt-BR", en: "en-US", es: "es-ES" };
export const CURRENCY = "BRL";

function joinDate(language: Language, day: string, month: string, year: string): string {
  return DATE_ORDER[language] === "dmy" ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** A stored instant as dd/MM/yyyy HH:mm (pt-BR, es) or MM/dd/yyyy HH:mm (en) in the given time zone. */
export function formatDateTime(iso: string, language: Language, timeZone?: string): string {
  const part = instantParts(iso, timeZone);
  if (!part) return iso;
  return `${joinDate(language, part("day"), part("month"), part("year"))} ${part("hour")}:${part("minute")}`;
}

/** A stored instant's day as dd/MM/yyyy (pt-BR, es) or MM/dd/yyyy (en) in the given time zone. */
export function formatInstantDay(iso: string, language: Language, timeZone?: string): string {
  const part = instantParts(iso, timeZone);
  return part ? joinDate(language, part("day"), part("month"), part("year")) : iso;
}

/**
 * Formatters by time zone and by locale and number format. Building an Intl formatter costs far more than using one
 * (ICU loads the locale's data each time): made per call, the data page's first render of 40 records spent most of its
 * scripting here.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function clockIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(key, clock);
  }
  return clock;
}

/** A stored instant's date and clock parts (year, month, day, hour, minute, second) in the given time zone. */
export function instantParts(
  iso: string,
  timeZone: string | undefined,
): ((type: Intl.DateTimeFormatPartTypes) => string) | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = clockIn(timeZone).formatToParts(date);
  return (type) => parts.find((p) => p.type === type)?.value ?? "";
}

/** A date answer (YYYY-MM-DD, no time zone) in the language's order. */
export function formatDateOnly(value: string, language: Language): string {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? [];
  return year && month && day ? joinDate(language, day, month, year) : value;
}

/** How a number field's `format` reads; anything else in a form's config reads as a plain decimal. */
const NUMBER_OPTIONS = {
  currency: { style: "currency", currency: CURRENCY },
  percentage: { style: "percent", maximumFractionDigits: 2 },
  integer: { maximumFractionDigits: 0 },
  decimal: { maximumFractionDigits: 6 },
} satisfies Record<string, Intl.NumberFormatOptions>;

export function formatNumber(value: number, format: unknown, language: Language): string {
  const locale = NUMBER_LOCALE[language];
  // Keyed by the options used, not the raw config value: one formatter per language and style, however many values.
  const style = format === "currency" || format === "percentage" || format === "integer" ? format : "decimal";
  const key = `${locale} ${style}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, NUMBER_OPTIONS[style]);
    numberFormats.set(key, formatter);
  }
  return formatter.format(style === "percentage" ? value / 100 : value);
}

export function formatCoordinates(latitude: number, longitude: number): string {
  // Spec 001 §9: coordinates are shown with 6 decimals.
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

export interface MediaRef {
  attachmentId: string;
  contentType?: string;
  /** Audio, video and file answers state their size; a file answer its name on the device it came from. */
  bytes?: number;
  fileName?: string;
}

export function mediaRefOf(value: unknown): MediaRef | null {
  if (typeof value !== "object" || value === null || !("attachmentId" in value)) return null;
  const { attachmentId, contentType, bytes, fileName } = value as Record<string, unknown>;
  if (typeof attachmentId !== "string") return null;
  return {
    attachmentId,
    ...(typeof contentType === "string" ? { contentType } : {}),
    ...(typeof bytes === "number" ? { bytes } : {}),
    ...(typeof fileName === "string" ? { fileName } : {}),
  };
}

export interface GpsValue {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

export function gpsValueOf(value: unknown): GpsValue | null {
  if (typeof value !== "object" || value === null) return null;
  const { latitude, longitude, accuracy } = value as Record<string, unknown>;
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  return { latitude, longitude, ...(typeof accuracy === "number" ? { accuracy } : {}) };
}

export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  return !Array.isArray(value) || value.length > 0;
}

/** The text a reader sees for an answer ("" when unanswered; media read as their attachment, shown as images). */
export function formatAnswer(
  field: Pick<RecordField, "fieldType" | "config">,
  value: unknown,
  language: Language,
  words: AnswerWords,
): string {
  // A repeat answered with no entry reads "0 entradas"; a hidden one (no answer) reads nothing.
  if (field.fieldType === "repeat") return Array.isArray(value) ? words.entries(repeatEntries(value).length) : "";
  if (!isAnswered(value)) return "";
  switch (field.fieldType) {
    case "number":
      return typeof value === "number" ? formatNumber(value, field.config.format, language) : String(value);
    case "range":
      return typeof value === "number" ? formatNumber(value, undefined, language) : String(value);
    case "date":
      return typeof value === "string" ? formatDateOnly(value, language) : String(value);
    case "datetime":
      // The instant in the reader's time zone, as the record's own dates are shown.
      return typeof value === "string" ? formatDateTime(value, language) : String(value);
    case "metadata":
      return formatMetadata(field.config.kind, value, language);
    case "yes_no":
      return value === true ? words.yes : value === false ? words.no : String(value);
    case "multiple_choice":
    case "rank":
      return Array.isArray(value) ? value.join("; ") : String(value);
    case "calculation":
    case "hidden":
      // Computed values are typed by their expression: numbers and yes/no read as such, text as it is.
      if (typeof value === "number") return formatNumber(value, undefined, language);
      return value === true ? words.yes : value === false ? words.no : String(value);
    case "gps": {
      const gps = gpsValueOf(value);
      return gps ? formatCoordinates(gps.latitude, gps.longitude) : JSON.stringify(value);
    }
    case "line":
    case "area":
      return formatGeometryAnswer(value, NUMBER_LOCALE[language], words) ?? JSON.stringify(value);
    case "photo":
    case "signature":
    case "audio":
    case "video":
      return mediaRefOf(value)?.attachmentId ?? "";
    case "file": {
      const ref = mediaRefOf(value);
      return ref?.fileName ?? ref?.attachmentId ?? "";
    }
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** A typed export value: numbers stay numbers, dates become `{ date }` (a calendar day, UTC midnight). */
export type ExportValue = string | number | { date: Date } | null;

export interface ExportContext {
  words: Pick<AnswerWords, "yes" | "no">;
  /** Absolute link to an attachment for the export's reader. */
  mediaUrl(attachmentId: string): string;
}

export function exportValue(
  field: Pick<RecordField, "fieldType"> & { config?: Record<string, unknown> },
  value: unknown,
  context: ExportContext,
): ExportValue {
  // The main table holds a repeat's entry count; the entries are the repeat's own table (keyed by record and index).
  if (field.fieldType === "repeat") return Array.isArray(value) ? repeatEntries(value).length : null;
  if (!isAnswered(value)) return null;
  switch (field.fieldType) {
    case "number":
    case "range":
      return typeof value === "number" ? value : String(value);
    case "metadata":
      if (field.config?.kind === "today") return dayCell(value);
      return isAuditValue(value) ? JSON.stringify(value) : String(value);
    case "date":
      return dayCell(value);
    case "yes_no":
      return value === true ? context.words.yes : value === false ? context.words.no : String(value);
    case "multiple_choice":
    case "rank":
      return Array.isArray(value) ? value.map(String).join("; ") : String(value);
    case "calculation":
    case "hidden":
      if (typeof value === "number") return value;
      return value === true ? context.words.yes : value === false ? context.words.no : String(value);
    case "gps": {
      const gps = gpsValueOf(value);
      return gps ? formatCoordinates(gps.latitude, gps.longitude) : JSON.stringify(value);
    }
    case "line":
    case "area": {
      const geometry = geometryAnswerOf(value);
      return geometry ? geometryToWkt(geometry) : JSON.stringify(value);
    }
    case "photo":
    case "signature":
    case "audio":
    case "video":
    case "file": {
      const ref = mediaRefOf(value);
      return ref ? context.mediaUrl(ref.attachmentId) : JSON.stringify(value);
    }
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** A YYYY-MM-DD answer as a calendar-day cell (UTC midnight), other values as text. */
function dayCell(value: unknown): ExportValue {
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? { date: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) } : String(value);
}

function isAuditValue(value: unknown): value is Record<string, number> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Metadata as read: instants in the reader's zone, the day in the language's order, the audit as its total time
 * (its per-question detail is in the exports, keyed by field id).
 */
function formatMetadata(kind: unknown, value: unknown, language: Language): string {
  if ((kind === "start" || kind === "end") && typeof value === "string") return formatDateTime(value, language);
  if (kind === "today" && typeof value === "string") return formatDateOnly(value, language);
  if (kind === "audit" && isAuditValue(value)) {
    const ms = Object.values(value).reduce((total, each) => total + (typeof each === "number" ? each : 0), 0);
    return `${formatNumber(Math.round(ms / 1000), "integer", language)} s`;
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Spreadsheet formula injection: text starting with = + - @ tab or CR would run as a formula when opened, and `|`
 * as a DDE command in older Excel and LibreOffice.
 */
export function looksLikeFormula(text: string): boolean {
  // A character test rather than a regular expression: exports run this on millions of cells.
  const first = text.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 124 || first === 9 || first === 13;
}

export function neutraliseFormula(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}
