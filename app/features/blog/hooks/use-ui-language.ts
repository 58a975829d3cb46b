import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from "../../../../shared/i18n/languages.ts";

/** The language the UI shows, one of the three the blog is written in. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
