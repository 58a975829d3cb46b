import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
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

/** Native radios in large rows: arrow keys, form semantics and screen readers work as the platform does. */
export function SingleChoiceWidget({ field, value, onChange, control }: WidgetProps<"single_choice">) {
  return (
    <div role="radiogroup" {...groupAria(control)} className="flex flex-col gap-2">
      {field.config.options.map((option) => (
        <label key={option} className={OPTION_ROW}>
          <input
            type="radio"
            name={control.id}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className={NATIVE_CONTROL}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}

export function MultipleChoiceWidget({ field, value, onChange, control }: WidgetProps<"multiple_choice">) {
  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  const toggle = (option: string) => {
    const next = selected.includes(option) ? selected.filter((item) => item !== option) : [...selected, option];
    // Keep the designer's order whatever order the boxes were ticked in.
    onChange(field.config.options.filter((item) => next.includes(item)));
  };
  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-2">
      {field.config.options.map((option) => (
        <label key={option} className={OPTION_ROW}>
          <input
            type="checkbox"
            value={option}
            checked={selected.includes(option)}
            onChange={() => toggle(option)}
            className={NATIVE_CONTROL}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}
