import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
import { accuracyLevel } from "../logic/gps.ts";

const LEVEL_CLASSES = {
  veryGood: "bg-success/15 text-success-text",
  good: "bg-warning/15 text-warning-text",
  poor: "bg-destructive/15 text-destructive",
} as const;

/** The accuracy class of a fix (spec 001 §9: up to 10 m very good, up to 50 m good, otherwise poor). */
export function AccuracyBadge({ meters }: { meters: number }) {
  const { t } = useTranslation("collect");
  const level = accuracyLevel(meters);
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", LEVEL_CLASSES[level])}>
      {t(`gps.level.${level}`)}
    </span>
  );
}
