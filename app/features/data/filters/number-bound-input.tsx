import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/input.tsx";
import { localizeNumberText, readNumberText } from "../../../../shared/fields/number-text.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../../shared/i18n/languages.ts";

interface NumberBoundInputProps {
  label: string;
  placeholder: string;
  value: number | undefined;
  /** A number, or undefined when the box is emptied; text that is no number is not reported. */
  onValue(value: number | undefined): void;
}

/** One bound of a number filter: typed like the collect form's numbers (`12,5` or `12.5`), wrong text named inline. */
export function NumberBoundInput({ label, placeholder, value, onValue }: NumberBoundInputProps) {
  const { t, i18n } = useTranslation("data");
  const language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const [text, setText] = useState(value === undefined ? "" : localizeNumberText(String(value), language));
  const errorId = useId();
  const invalid = readNumberText(text).kind === "invalid";
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const read = readNumberText(event.target.value);
          if (read.kind !== "invalid") onValue(read.kind === "number" ? read.value : undefined);
        }}
      />
      {invalid ? (
        <p id={errorId} className="text-xs text-destructive">
          {t("filters.invalidNumber")}
        </p>
      ) : null}
    </div>
  );
}
