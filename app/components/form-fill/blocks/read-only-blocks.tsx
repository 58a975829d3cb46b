import type { ReactNode } from "react";
import { Calculator, Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CollectField } from "../logic/form-values.ts";
import type { ComputedValue } from "../logic/form-view.ts";

/** A note: text shown to the collector, no answer. */
export function NoteBlock({ field, path }: { field: CollectField; path: string }) {
  const description = field.config.description;
  return (
    <div
      data-field-id={path}
      role="note"
      className="flex gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-foreground"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium leading-snug">{field.label}</p>
        {description ? <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{description}</p> : null}
      </div>
    </div>
  );
}

/** A calculated field: read-only, recomputed as the answers it reads change; stored with the record. */
export function CalculationBlock({ field, path, value }: { field: CollectField; path: string; value: ComputedValue }) {
  const { t, i18n } = useTranslation("collect");
  const id = `calc-${path.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const text =
    value === null
      ? t("calculation.empty")
      : typeof value === "boolean"
        ? t(value ? "yesNo.yes" : "yesNo.no")
        : typeof value === "number"
          ? value.toLocaleString(i18n.language, { maximumFractionDigits: 6 })
          : value;
  return (
    <div data-field-id={path} className="rounded-lg border border-border bg-card p-4 shadow-sm">
      <p id={`${id}-label`} className="text-base font-medium leading-snug">
        {field.label}
      </p>
      {field.config.description ? (
        <p className="mt-1 text-sm text-muted-foreground">{field.config.description}</p>
      ) : null}
      <output
        aria-labelledby={`${id}-label`}
        aria-live="polite"
        data-testid="calculation-value"
        className="mt-3 flex min-h-12 items-center gap-2 rounded-md border border-dashed border-input bg-muted/50 px-3 text-base tabular-nums"
      >
        <Calculator className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className={value === null ? "text-muted-foreground" : undefined}>{text}</span>
      </output>
    </div>
  );
}

/** The title and help of a section or repeat group; `children` adds lines below them (a repeat's entry count). */
export function ContainerHeader({
  field,
  headingId,
  children,
}: {
  field: CollectField;
  headingId: string;
  children?: ReactNode;
}) {
  return (
    <header>
      <h2 id={headingId} className="text-lg font-semibold leading-snug">
        {field.label}
      </h2>
      {field.config.description ? (
        <p className="mt-1 text-sm text-muted-foreground">{field.config.description}</p>
      ) : null}
      {children}
    </header>
  );
}
