import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage } from "../../shared/i18n/languages.ts";
import { pluralizeZero } from "../../shared/i18n/plurals.ts";
import { LANGUAGE_STORAGE_KEY } from "./stored-language.ts";

// Each language × namespace is its own chunk: a page downloads only the catalogs it uses.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>("../../shared/i18n/locales/*/*.json");

const lazyCatalogs: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogs[`../../shared/i18n/locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18nReady = i18n
  .use(lazyCatalogs)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    // Every language holds every key (shared/i18n/catalog-parity.test.ts), so a supported language needs no second
    // one: with a plain fallback, i18next downloaded the Brazilian catalogs too before an English or Spanish page's
    // first render. A browser in any other language still gets pt-BR.
    fallbackLng: { ...Object.fromEntries(LANGUAGES.map((language) => [language, []])), default: [DEFAULT_LANGUAGE] },
    load: "currentOnly",
    // "errors" is always there: any page may have to show a failed call in the user's language (lib/api-error-text.ts).
    ns: ["common", "errors"],
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
    detection: {
      order: ["localStorage", "navigator", "htmlTag"],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ["localStorage"],
      convertDetectedLanguage: (lng: string) => normalizeLanguage(lng) ?? lng,
    },
    react: { useSuspense: true },
    // The language is settled as this module runs, not a timer later: the router asks for the first page's catalogs
    // as soon as it is made (lazy-page.tsx), and before that i18next loaded them in its default language, pt-BR, for
    // an English or Spanish visitor too. The catalogs themselves still load asynchronously.
    initAsync: false,
  });
pluralizeZero(i18n);

// The page's lang attribute follows the chosen language (screen readers, hyphenation, spell-check).
i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = normalizeLanguage(lng) ?? DEFAULT_LANGUAGE;
});

export default i18n;
