import { useTranslation } from "react-i18next";
import { toOffsetDateTime, wallClockOf } from "../../../../shared/fields/question-types.ts";
import { Input } from "../../ui/input.tsx";
import { inputAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

function offsetText(date: Date): string {
  return toOffsetDateTime(date).slice(-6);
}

/**
 * One answer holding a day and a time of day through the platform's picker; stored with the device's UTC offset as
 * ODK does (shared/fields/question-types.ts), shown as the wall-clock time the collector chose.
 */
export function DateTimeWidget({ value, onChange, control }: WidgetProps<"datetime">) {
  const { t } = useTranslation("collect");
  const shown = typeof value === "string" ? wallClockOf(value) : "";
  return (
    <div className="flex flex-col gap-1">
      <Input
        {...inputAria(control)}
        type="datetime-local"
        className={`${TOUCH_INPUT} w-64`}
        value={shown}
        onChange={(event) => {
          const local = new Date(event.target.value);
          onChange(Number.isNaN(local.getTime()) ? null : toOffsetDateTime(local));
        }}
      />
      <span className="text-xs text-muted-foreground">
        {t("questionTypes.datetimeHint", { offset: offsetText(new Date()) })}
      </span>
    </div>
  );
}
