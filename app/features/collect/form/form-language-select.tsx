import { useId } from "react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES } from "../../../../shared/i18n/languages.ts";
import type { FormLanguageChoice } from "../logic/form-language.ts";

interface FormLanguageSelectProps {
  choice: FormLanguageChoice;
  choices: readonly FormLanguageChoice[];
  onChoose: (choice: FormLanguageChoice) => void;
}

/** The form's texts in another of its languages; shown only when the form has more than one. */
export function FormLanguageSelect({ choice, choices, onChoose }: FormLanguageSelectProps) {
  const { t } = useTranslation("collect");
  const id = useId();
  if (choices.length < 2) return null;
  return (
    <div className="mb-4 flex items-center gap-2">
      <Languages className="size-4 text-muted-foreground" aria-hidden />
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t("formLanguage.label")}
      </label>
      <select
        id={id}
        value={choice}
        onChange={(event) => onChoose(event.target.value as FormLanguageChoice)}
        className="h-10 rounded-md border border-input bg-background px-2 text-sm"
      >
        {choices.map((item) => (
          <option key={item} value={item}>
            {item === "main" ? t("formLanguage.main") : LANGUAGE_NAMES[item]}
          </option>
        ))}
      </select>
    </div>
  );
}
