import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/input.tsx";
import { validateAnswer } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { NUMBER_STEP } from "../../../../shared/fields/field-types.ts";
import { toAnswer, UNREADABLE_NUMBER } from "../logic/form-values.ts";
import { appendValidationLog } from "../logic/validation-log.ts";
import { inputAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

/** Spec 001 §5: the value is checked 400 ms after the last keystroke and on blur. */
export const NUMBER_CHECK_DELAY_MS = 400;
const VIBRATION_MS = 200;

interface NumberWidgetProps extends WidgetProps<"number"> {
  /** The field-style result of a check ('O valor deve estar entre …'), null when the value is fine. */
  onCheck: (error: FieldError | null) => void;
}

/**
 * Uncontrolled on purpose: a number input the browser cannot read reports "" and a controlled value would
 * wipe what the collector typed. The form remounts the widget to reset it.
 */
export function NumberWidget({ field, value, onChange, onCheck, control }: NumberWidgetProps) {
  const { i18n } = useTranslation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastReported = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = (raw: string) => {
    clearTimeout(timer.current);
    const error = raw.trim() === "" ? null : validateAnswer(field, toAnswer(field, raw), { style: "field" });
    onCheck(error);
    if (error && lastReported.current !== raw) {
      lastReported.current = raw;
      navigator.vibrate?.(VIBRATION_MS);
      appendValidationLog(localStorage, {
        fieldId: field.id,
        value: raw,
        key: error.key,
        at: new Date().toISOString(),
      });
    }
  };

  const readInput = (input: HTMLInputElement) => (input.validity.badInput ? UNREADABLE_NUMBER : input.value);
  const format = field.config.format;
  const suffix = format === "percentage" ? "%" : null;
  return (
    <div className="relative flex items-center">
      <Input
        {...inputAria(control)}
        type="number"
        lang={i18n.language}
        step={NUMBER_STEP[format]}
        min={field.config.minValue}
        max={field.config.maxValue}
        inputMode={format === "integer" ? "numeric" : "decimal"}
        className={`${TOUCH_INPUT} ${suffix ? "pr-10" : ""}`}
        defaultValue={typeof value === "string" && value !== UNREADABLE_NUMBER ? value : ""}
        onChange={(event) => {
          const raw = readInput(event.target);
          onChange(raw);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => check(raw), NUMBER_CHECK_DELAY_MS);
        }}
        onBlur={(event) => check(readInput(event.target))}
      />
      {suffix ? (
        <span className="pointer-events-none absolute right-3 text-muted-foreground" aria-hidden>
          {suffix}
        </span>
      ) : null}
    </div>
  );
}
