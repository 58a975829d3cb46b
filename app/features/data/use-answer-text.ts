import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { normalizeLanguage, DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages.ts";
import { formatAnswer, formatDateTime, type RecordField } from "../../../shared/records/answer-format.ts";

/** Formats answers and instants in the reader's language and time zone. */
export function useAnswerText() {
  const { t, i18n } = useTranslation("data");
  const language: Language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const answer = useCallback(
    (field: Pick<RecordField, "fieldType" | "config">, value: unknown) =>
      formatAnswer(field, value, language, {
        yes: t("answers.yes"),
        no: t("answers.no"),
        entries: (count) => t("answers.entries", { count }),
        line: t("fields:types.line"),
        area: t("fields:types.area"),
      }),
    [language, t],
  );
  const dateTime = useCallback((iso: string) => formatDateTime(iso, language), [language]);
  return { answer, dateTime, language };
}
