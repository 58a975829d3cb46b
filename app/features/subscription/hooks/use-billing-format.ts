import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../../shared/i18n/languages.ts";
import { formatInstantDay } from "../../../../shared/records/answer-format.ts";
import { formatStorage } from "../../../lib/format-storage.ts";
import { formatMoney } from "../../../lib/format-money.ts";

/** Money, days and storage in the reader's language (dd/MM/yyyy and R$ 99 in pt-BR). */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return {
    language,
    money: (cents: number, currency?: string) => formatMoney(cents, language, currency),
    day: (iso: string) => formatInstantDay(iso, language),
    storage: (bytes: number) => formatStorage(bytes, language),
  };
}
