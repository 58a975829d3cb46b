import { Input } from "../../../components/ui/input.tsx";
import { inputAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

/** HH:mm through the platform's time picker. */
export function TimeWidget({ value, onChange, control }: WidgetProps<"time">) {
  return (
    <Input
      {...inputAria(control)}
      type="time"
      className={`${TOUCH_INPUT} w-40`}
      value={typeof value === "string" ? value : ""}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
