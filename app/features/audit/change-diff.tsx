import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChangeValue } from "./change-value.tsx";

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * before → after, one line per changed property. Known properties (name, role, status…) get their label; record
 * answers are keyed by field id, shown as the field's position in the diff rather than a uuid.
 */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t, i18n } = useTranslation("audit");
  const from = asRecord(before) ?? {};
  const to = asRecord(after) ?? {};
  // A creation lists what was set; its empty properties say nothing.
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (key) => key in from || (to[key] !== null && to[key] !== ""),
  );
  if (keys.length === 0) return null;
  const label = (key: string, index: number) =>
    i18n.exists(`audit:property.${key}`) ? t(`property.${key}`) : t("property.answer", { n: index + 1 });
  return (
    <dl className="grid gap-1 text-sm">
      {keys.map((key, index) => (
        <div key={key} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <dt className="font-medium">{label(key, index)}:</dt>
          <dd className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            {key in from ? <ChangeValue property={key} value={from[key]} /> : null}
            {key in from && key in to ? (
              <ArrowRight
                className="size-3.5 shrink-0 self-center text-muted-foreground"
                aria-label={t("value.becomes")}
              />
            ) : null}
            {key in to ? <ChangeValue property={key} value={to[key]} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
