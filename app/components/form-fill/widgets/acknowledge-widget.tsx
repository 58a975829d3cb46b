import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ACKNOWLEDGED } from "../../../../shared/fields/question-types.ts";
import { cn } from "../../../lib/cn.ts";
import { inputAria, type WidgetProps } from "./widget-props.ts";

/** ODK's acknowledge: one "OK" the collector presses (again to take it back); the answer is "OK". */
export function AcknowledgeWidget({ value, onChange, control }: WidgetProps<"acknowledge">) {
  const { t } = useTranslation("collect");
  const pressed = value === ACKNOWLEDGED;
  return (
    <button
      type="button"
      {...inputAria(control)}
      aria-pressed={pressed}
      onClick={() => onChange(pressed ? null : ACKNOWLEDGED)}
      className={cn(
        "flex h-12 w-40 items-center justify-center gap-2 rounded-md border text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        pressed ? "border-primary bg-primary text-primary-foreground" : "border-input bg-background hover:bg-muted",
      )}
    >
      {pressed ? <Check className="size-5" aria-hidden /> : null}
      {t(pressed ? "questionTypes.acknowledged" : "questionTypes.acknowledge")}
    </button>
  );
}
