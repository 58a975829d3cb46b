import { LANGUAGES, normalizeLanguage, type Language } from "../../../../shared/i18n/languages.ts";

/**
 * The languages a form can be read in on the phone: the one its own texts are written in (`main`, null when the
 * form does not say) and every language some field has a translation in.
 */
export interface FormLanguages {
  main: Language | null;
  translated: Language[];
}

export function formLanguages(fields: readonly { config: object }[], main: Language | undefined): FormLanguages {
  const found = new Set<Language>();
  for (const field of fields) {
    const translations: unknown = Reflect.get(field.config, "translations");
    if (typeof translations !== "object" || translations === null) continue;
    for (const language of Object.keys(translations))
      if ((LANGUAGES as readonly string[]).includes(language)) found.add(language as Language);
  }
  return { main: main ?? null, translated: LANGUAGES.filter((language) => found.has(language) && language !== main) };
}

/** A choice of the chooser: a language, or the form's own texts when their language is unknown. */
export type FormLanguageChoice = Language | "main";

export function languageChoices(languages: FormLanguages): FormLanguageChoice[] {
  return [languages.main ?? "main", ...languages.translated];
}

/**
 * What the phone shows first: the collector's earlier choice for this form, else the UI language when the form
 * has it (pt-BR, pt-PT, pt → Portuguese…), else the form's own texts.
 */
export function initialFormLanguage(
  languages: FormLanguages,
  stored: string | null,
  uiLanguage: string,
): FormLanguageChoice {
  const choices = languageChoices(languages);
  if (stored !== null && (choices as string[]).includes(stored)) return stored as FormLanguageChoice;
  const ui = normalizeLanguage(uiLanguage);
  return ui !== undefined && choices.includes(ui) ? ui : (choices[0] ?? "main");
}

/** The language to translate the fields into; undefined keeps their own texts. */
export function translationLanguage(choice: FormLanguageChoice, languages: FormLanguages): Language | undefined {
  return choice === "main" || choice === languages.main ? undefined : choice;
}

/** Where the phone remembers the choice, per form (local storage: it outlives the session, as the cached form does). */
export function formLanguageKey(applicationId: string): string {
  return `campo_form_language_${applicationId}`;
}
