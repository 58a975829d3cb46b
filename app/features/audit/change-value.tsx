import { useTranslation } from "react-i18next";
import { isTruncatedValue } from "../../../shared/audit/audit-kinds.ts";

/**
 * One stored value, readable: known codes (roles, statuses, plans…) by their label, texts as they are, yes/no, lists
 * joined, the cap marker said in words.
 */
export function ChangeValue({ property, value }: { property: string; value: unknown }) {
  const { t, i18n } = useTranslation("audit");
  if (typeof value === "string" && i18n.exists(`audit:values.${property}.${value}`))
    return <span>{t(`values.${property}.${value}`)}</span>;
  if (value === null || value === undefined || value === "")
    return <span className="text-muted-foreground italic">{t("value.empty")}</span>;
  if (isTruncatedValue(value))
    return <span className="text-muted-foreground italic">{t("value.truncated", { size: value.size })}</span>;
  if (typeof value === "boolean") return <span>{value ? t("value.yes") : t("value.no")}</span>;
  if (typeof value === "string" || typeof value === "number")
    return <span className="break-words">{String(value)}</span>;
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return <span className="break-words">{value.join(", ")}</span>;
  return <code className="break-all text-xs">{JSON.stringify(value)}</code>;
}
