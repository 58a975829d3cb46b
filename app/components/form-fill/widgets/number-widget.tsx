import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/input.tsx";
import { validateAnswer } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { localizeNumberText } from "../../../../shared/fields/number-text.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../../shared/i18n/languages.ts";
import { toAnswer } from "../logic/form-values.ts";
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
 * A text input, not `type="number"`: Chromium's number input drops a pt-BR decimal comma (`12,5` became 125) and
 * reports text it cannot read as "". Here the text is kept exactly as typed and read by `shared/fields/number-text.ts`;
 * text that is no number gets the inline error, never a changed value. The form remounts the widget to reset it.
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

  const language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const format = field.config.format;
  const suffix = format === "percentage" ? "%" : null;
  return (
    <div className="relative flex items-center">
      <Input
        {...inputAria(control)}
        type="text"
        autoComplete="off"
        inputMode={format === "integer" ? "numeric" : "decimal"}
        className={`${TOUCH_INPUT} ${suffix ? "pr-10" : ""}`}
        defaultValue={typeof value === "string" ? localizeNumberText(value, language) : ""}
        onChange={(event) => {
          const raw = event.target.value;
          onChange(raw);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => check(raw), NUMBER_CHECK_DELAY_MS);
        }}
        onBlur={(event) => check(event.target.value)}
      />
      {suffix ? (
        <span className="pointer-events-none absolute right-3 text-muted-foreground" aria-hidden>
          {suffix}
        </span>
      ) : null}
    </div>
  );
}
