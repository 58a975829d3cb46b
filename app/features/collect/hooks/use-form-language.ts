import { useState } from "react";
import {
  formLanguageKey,
  initialFormLanguage,
  languageChoices,
  type FormLanguageChoice,
  type FormLanguages,
} from "../logic/form-language.ts";

function readStored(applicationId: string): string | null {
  try {
    return localStorage.getItem(formLanguageKey(applicationId));
  } catch {
    return null;
  }
}

/** The form language shown on this device, and the chooser's setter, which the device remembers per form. */
export function useFormLanguage(applicationId: string, languages: FormLanguages, uiLanguage: string) {
  const [stored, setStored] = useState(() => readStored(applicationId));
  const choice = initialFormLanguage(languages, stored, uiLanguage);
  const choose = (next: FormLanguageChoice) => {
    setStored(next);
    try {
      localStorage.setItem(formLanguageKey(applicationId), next);
    } catch {
      // Storage blocked: the choice holds until the page closes.
    }
  };
  return { choice, choose, choices: languageChoices(languages) };
}
