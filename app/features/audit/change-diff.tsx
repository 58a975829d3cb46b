import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ChangeLogField } from "../../../shared/audit/change-log-dtos.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { ChangeValue } from "./change-value.tsx";
import { propertyLabel } from "./property-label.ts";

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * before → after, one line per changed property. Known properties (name, role, status…) get their label; record
 * answers are keyed by field id, shown by the field's label (`fields`).
 */
export function ChangeDiff({
  before,
  after,
  fields,
}: {
  before: unknown;
  after: unknown;
  fields: readonly ChangeLogField[];
}) {
  const { t, i18n } = useTranslation("audit");
  const from = asRecord(before) ?? {};
  const to = asRecord(after) ?? {};
  // A creation lists what was set; its empty properties say nothing.
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (key) => key in from || (to[key] !== null && to[key] !== ""),
  );
  if (keys.length === 0) return null;
  const language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const label = (key: string) =>
    propertyLabel(key, fields, language, {
      property: (name) => (i18n.exists(`audit:property.${name}`) ? t(`property.${name}`) : undefined),
      removedField: (fieldLabel) => t("field.removed", { label: fieldLabel }),
      deletedField: () => t("field.deleted"),
    });
  return (
    <dl className="grid gap-1 text-sm">
      {keys.map((key) => (
        <div key={key} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <dt className="font-medium">{label(key)}:</dt>
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
