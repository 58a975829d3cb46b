import { useMemo, type ReactNode } from "react";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { choiceLayout, hasAppearance, OTHER_OPTION, type ChoiceLayout } from "../../../../shared/fields/appearances.ts";
import { optionImageOf } from "../../../../shared/fields/option-images.ts";
import { cn } from "../../../lib/cn.ts";
import { useFormFilesView } from "../form-files-context.tsx";
import { displayedOptions, type ChoiceOption } from "../logic/choice-options.ts";
import { useFillContext } from "../logic/fill-context.ts";
import { advanceFrom } from "../logic/quick-advance.ts";
import { OptionLabel } from "./option-label.tsx";
import { SearchableSelect } from "./searchable-select.tsx";
import { groupAria, type WidgetProps } from "./widget-props.ts";

export const OPTION_ROW =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2 text-base transition-colors has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring";
export const NATIVE_CONTROL = "size-5 shrink-0 accent-[var(--primary)]";

/** Two large buttons; an unanswered required one says 'Selecione Sim ou Não'. */
export function YesNoWidget({ value, onChange, control }: WidgetProps<"yes_no">) {
  const { t } = useTranslation("collect");
  const choices = [
    { answer: true, label: t("yesNo.yes") },
    { answer: false, label: t("yesNo.no") },
  ];
  return (
    <div role="radiogroup" {...groupAria(control)} className="grid grid-cols-2 gap-3">
      {choices.map(({ answer, label }) => {
        const checked = value === answer;
        return (
          <button
            key={label}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => onChange(checked ? null : answer)}
            className={cn(
              "flex h-12 items-center justify-center gap-2 rounded-md border text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              checked
                ? "border-primary bg-primary text-primary-foreground"
                : "border-input bg-background hover:bg-muted",
            )}
          >
            {checked ? <Check className="size-5" aria-hidden /> : null}
            {label}
          </button>
        );
      })}
    </div>
  );
}

/** Lists longer than this are searched rather than scrolled, whatever their appearance. */
const SEARCHED_LIST_MIN = 50;

function optionLayout(field: WidgetProps<"single_choice" | "multiple_choice">["field"], count: number): ChoiceLayout {
  const layout = choiceLayout(field.config);
  return layout.kind === "list" && count > SEARCHED_LIST_MIN ? { kind: "search" } : layout;
}

/** The options as the collector sees them: translated, maybe shuffled, pictured, with ODK's "Outro" last. */
function useOptions(field: WidgetProps<"single_choice" | "multiple_choice">["field"]): ChoiceOption[] {
  const { t } = useTranslation("collect");
  const context = useFillContext();
  const { imageUrl } = useFormFilesView();
  const { language, recordSeed, answerText } = context;
  const options = useMemo(
    () =>
      displayedOptions(field, { language, recordSeed, answerText }).map((option) => {
        const file = optionImageOf(field.config, option.name);
        const image = file === undefined ? undefined : imageUrl(file);
        return image === undefined ? option : { ...option, image };
      }),
    // answerText changes with every answer; only the seed's own answer matters (read inside).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [field, language, recordSeed, imageUrl, field.config.randomSeed ? answerText(field.config.randomSeed) : undefined],
  );
  return field.config.orOther ? [...options, { name: OTHER_OPTION, label: t("choices.other") }] : options;
}

const LAYOUT_CLASSES: Record<ChoiceLayout["kind"], string> = {
  list: "flex flex-col gap-2",
  likert: "grid auto-cols-fr grid-flow-col gap-1",
  columns: "flex flex-wrap gap-2",
  dropdown: "",
  search: "",
};

/** Rows, a likert scale or columns of native radios / checkboxes: keyboard and screen readers work as usual. */
function OptionGroup({
  layout,
  role,
  control,
  children,
}: {
  layout: ChoiceLayout;
  role: "radiogroup" | "group";
  control: WidgetProps["control"];
  children: ReactNode;
}) {
  const columns = layout.kind === "columns" && layout.columns !== "auto" ? layout.columns : null;
  return (
    <div
      role={role}
      {...groupAria(control)}
      data-layout={layout.kind}
      className={columns ? "grid gap-2" : LAYOUT_CLASSES[layout.kind]}
      style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}
    >
      {children}
    </div>
  );
}

function optionRowClass(layout: ChoiceLayout): string {
  if (layout.kind === "likert") return LIKERT_OPTION;
  if (layout.kind === "columns" && layout.compact) return cn(OPTION_ROW, "min-h-10 px-2 py-1");
  return OPTION_ROW;
}

const LIKERT_OPTION =
  "flex min-h-16 cursor-pointer flex-col items-center gap-1 rounded-md border border-input px-1 py-2 text-center text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring";

/** Native radios in large rows (or a likert scale, columns, a dropdown, a searched list: the appearance's). */
export function SingleChoiceWidget({ field, value, onChange, control }: WidgetProps<"single_choice">) {
  const options = useOptions(field);
  const layout = optionLayout(field, options.length);
  const quick = hasAppearance(field.config, "quick");
  const choose = (option: string, from: HTMLElement | null) => {
    onChange(option);
    if (quick) advanceFrom(from);
  };
  if (layout.kind === "dropdown" || layout.kind === "search") {
    return (
      <div id={control.id}>
        <SearchableSelect
          options={options}
          selected={typeof value === "string" ? [value] : []}
          onToggle={(option) => choose(option === value ? "" : option, document.getElementById(control.id))}
          labelId={control.labelId}
          collapsed={layout.kind === "dropdown"}
          describedBy={control["aria-describedby"]}
          invalid={control["aria-invalid"]}
        />
      </div>
    );
  }
  return (
    <OptionGroup layout={layout} role="radiogroup" control={control}>
      {options.map((option) => (
        <label key={option.name} className={optionRowClass(layout)}>
          <input
            type="radio"
            name={control.id}
            value={option.name}
            checked={value === option.name}
            onChange={(event) => choose(option.name, event.currentTarget)}
            className={NATIVE_CONTROL}
          />
          <OptionLabel label={option.label} image={option.image} />
        </label>
      ))}
    </OptionGroup>
  );
}

export function MultipleChoiceWidget({ field, value, onChange, control }: WidgetProps<"multiple_choice">) {
  const options = useOptions(field);
  const layout = optionLayout(field, options.length);
  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  const toggle = (option: string) => {
    const next = selected.includes(option) ? selected.filter((item) => item !== option) : [...selected, option];
    // Keep the designer's order (then "other") whatever order the boxes were ticked in.
    onChange([...field.config.options, OTHER_OPTION].filter((item) => next.includes(item)));
  };
  if (layout.kind === "dropdown" || layout.kind === "search") {
    return (
      <div id={control.id}>
        <SearchableSelect
          options={options}
          selected={selected}
          multiple
          onToggle={toggle}
          labelId={control.labelId}
          collapsed={layout.kind === "dropdown"}
          describedBy={control["aria-describedby"]}
          invalid={control["aria-invalid"]}
        />
      </div>
    );
  }
  return (
    <OptionGroup layout={layout} role="group" control={control}>
      {options.map((option) => (
        <label key={option.name} className={optionRowClass(layout)}>
          <input
            type="checkbox"
            value={option.name}
            checked={selected.includes(option.name)}
            onChange={() => toggle(option.name)}
            className={NATIVE_CONTROL}
          />
          <OptionLabel label={option.label} image={option.image} />
        </label>
      ))}
    </OptionGroup>
  );
}
