import { useTranslation } from "react-i18next";

/** Logo mark and product name; the caller decides whether it is a link or a title. */
export function ProductLogo() {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-center gap-2 text-lg font-semibold tracking-tight">
      <img src="/icons/campo.svg" alt="" className="size-8 shrink-0 rounded-md" width={32} height={32} />
      <span className="truncate">{t("appName")}</span>
    </span>
  );
}
