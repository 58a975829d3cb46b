import { useTranslation } from "react-i18next";
import { FIELD_PALETTE, type FieldType } from "../../../../shared/fields/field-types.ts";
import { FieldIcon } from "./field-icons.tsx";
import type { DesignerFieldConfig } from "./designer-fields.ts";
import { paletteEntries } from "./palette-entries.ts";

/** The field types in their categories; a click (or Enter/Space on the focused entry) adds one at the end. */
export function FieldPalette({
  onAdd,
}: {
  onAdd: (type: FieldType, labelKey: string, preset?: Partial<DesignerFieldConfig>) => void;
}) {
  const { t } = useTranslation(["designer", "fields"]);
  return (
    <nav aria-label={t("designer:palette.title")} className="flex flex-col gap-4 p-3">
      <div>
        <h2 className="text-sm font-semibold">{t("designer:palette.title")}</h2>
        <p className="text-xs text-muted-foreground">{t("designer:palette.hint")}</p>
      </div>
      {FIELD_PALETTE.map((group) => (
        <section key={group.category} aria-labelledby={`palette-${group.category}`} className="flex flex-col gap-1">
          <h3
            id={`palette-${group.category}`}
            className="px-1 text-xs font-medium uppercase tracking-wide text-muted-foreground"
          >
            {t(`fields:${group.labelKey}`)}
          </h3>
          <ul className="flex flex-col gap-1">
            {paletteEntries(group.types).map((entry) => {
              const label = t(`fields:${entry.labelKey}`);
              return (
                <li key={entry.key}>
                  <button
                    type="button"
                    onClick={() => onAdd(entry.type, entry.labelKey, entry.preset)}
                    aria-label={t("designer:palette.add", { type: label })}
                    data-field-type={entry.key}
                    className="group flex w-full items-center gap-2 rounded-md border bg-card px-2 py-1.5 text-left text-sm leading-tight transition-colors hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
                  >
                    <span className="flex size-6 shrink-0 items-center justify-center rounded bg-muted text-primary group-hover:bg-background">
                      <FieldIcon type={entry.type} className="size-3.5" />
                    </span>
                    <span className="min-w-0 flex-1 break-words">{label}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
