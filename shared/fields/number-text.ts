/**
 * Numbers typed by people. One decimal separator, `,` or `.`, whatever the language: a pt-BR keyboard gives
 * `12,5`, a phone's numeric pad may only offer `.`. Thousands separators are refused rather than guessed:
 * `1.234,5` (pt-BR) and `1,234.5` (en) would each read as a different number in the other language, and
 * silently storing the wrong one is worse than asking. So `1.234` is one point two three four in every language.
 * Exponents (`1e3`) and spaces inside the number are refused too (docs/decisions.md, "Typed numbers").
 */
import type { Language } from "../i18n/languages.ts";

const NUMBER_TEXT = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** The decimal separator people write in each language. */
export const DECIMAL_SEPARATOR: Readonly<Record<Language, "," | ".">> = { "pt-BR": ",", en: ".", es: "," };

export type NumberText = { kind: "empty" } | { kind: "number"; value: number } | { kind: "invalid" };

/** Reads typed text: empty, a number, or text that is not one (which callers show, never change). */
export function readNumberText(text: string): NumberText {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  if (!NUMBER_TEXT.test(trimmed)) return { kind: "invalid" };
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? { kind: "number", value } : { kind: "invalid" };
}

/** The number typed, or null when the text is empty or not a number. */
export function parseNumberText(text: string): number | null {
  const read = readNumberText(text);
  return read.kind === "number" ? read.value : null;
}

/**
 * Typed or stored number text written with the language's separator (`12.5` → `12,5` in pt-BR). Only the separator
 * changes, so the digits someone typed (`1.50`) stay as typed; text that is not a number is returned as it is.
 */
export function localizeNumberText(text: string, language: Language): string {
  return readNumberText(text).kind === "number" ? text.replace(/[.,]/, DECIMAL_SEPARATOR[language]) : text;
}

/** A stored number as an input shows it: no grouping, the language's separator. */
export function numberInputText(value: number, language: Language): string {
  return localizeNumberText(String(value), language);
}
