import { useTranslation } from "react-i18next";
import { formatStorage } from "../../../lib/format-storage.ts";

/** Dates, money and storage in the reader's language. */
export function useAdminFormat() {
  const { t, i18n } = useTranslation("admin");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" });
  const date = new Intl.DateTimeFormat(language, { dateStyle: "short" });
  const money = new Intl.NumberFormat(language, { style: "currency", currency: "BRL" });
  return {
    dateTime: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : t("list.never")),
    date: (iso: string) => date.format(new Date(iso)),
    money: (cents: number) => money.format(cents / 100),
    storage: (bytes: number) => formatStorage(bytes, language),
    number: (value: number) => value.toLocaleString(language),
    tier: (tier: string) => t(`tiers.${tier}`, { defaultValue: tier }),
  };
}
