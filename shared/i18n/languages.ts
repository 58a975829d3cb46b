export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";

/** Each language is named in itself, so a user lost in a foreign language still finds their own. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  "pt-BR": "Português (Brasil)",
  en: "English",
  es: "Español",
};

/** Accepts any code the browser or user gives (pt, pt-PT, en-US, es-ES, …): every `pt*` is pt-BR. */
export function normalizeLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  if (lower.startsWith("pt")) return "pt-BR";
  if (lower.startsWith("en")) return "en";
  if (lower.startsWith("es")) return "es";
  return undefined;
}
