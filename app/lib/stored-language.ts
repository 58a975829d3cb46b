import { normalizeLanguage, type Language } from "../../shared/i18n/languages.ts";

/** Where the language the visitor chose is kept (i18next's detector reads and writes it). */
export const LANGUAGE_STORAGE_KEY = "campo_language";

export function readStoredLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored ? normalizeLanguage(stored) : undefined;
  } catch {
    return undefined; // storage blocked: nothing was chosen here
  }
}
