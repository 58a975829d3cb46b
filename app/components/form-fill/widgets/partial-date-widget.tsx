import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatePrecision } from "../../../../shared/fields/appearances.ts";
import { Input } from "../../ui/input.tsx";
import { inputAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

/**
 * XLSForm `month-year` and `year`: the collector gives a month or a year, stored as ODK stores it, the first day
 * (2024-05-01, 2024-01-01), so the answer stays a date for expressions, exports and other tools.
 */
export function PartialDateWidget({
  value,
  onChange,
  control,
  precision,
}: Omit<WidgetProps<"date">, "field"> & { precision: Exclude<DatePrecision, "day"> }) {
  const { t } = useTranslation("collect");
  const iso = typeof value === "string" ? value : "";
  const [year, setYear] = useState(() => iso.slice(0, 4));
  if (precision === "month") {
    return (
      <Input
        {...inputAria(control)}
        type="month"
        className={TOUCH_INPUT}
        value={iso.slice(0, 7)}
        onChange={(event) => onChange(event.target.value === "" ? "" : `${event.target.value}-01`)}
      />
    );
  }
  return (
    <Input
      {...inputAria(control)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      placeholder={t("date.yearPattern")}
      className={TOUCH_INPUT}
      value={year}
      onChange={(event) => {
        const typed = event.target.value.trim();
        setYear(typed);
        // A half-typed year stays as typed: the shared rules call it an invalid date until it has four digits.
        onChange(typed === "" ? "" : /^\d{4}$/.test(typed) ? `${typed}-01-01` : typed);
      }}
    />
  );
}
