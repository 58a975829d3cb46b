import { hasAppearance } from "../../../../shared/fields/appearances.ts";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { inputAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

type TextLike = "text" | "email" | "phone" | "url";

const INPUT_TYPES: Record<
  TextLike,
  { type: string; inputMode: "text" | "email" | "tel" | "url"; autoComplete: string }
> = {
  text: { type: "text", inputMode: "text", autoComplete: "off" },
  email: { type: "email", inputMode: "email", autoComplete: "email" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel" },
  url: { type: "url", inputMode: "url", autoComplete: "url" },
};

/** Text (one line or textarea), e-mail, phone and URL: the browser's own keyboard per type; checks come from the shared rules. */
export function TextWidget({ field, value, onChange, control }: WidgetProps<TextLike>) {
  const text = typeof value === "string" ? value : "";
  if (field.fieldType === "text" && field.config.format === "textarea") {
    return (
      <Textarea
        {...inputAria(control)}
        rows={4}
        className="text-base"
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const kind = INPUT_TYPES[field.fieldType];
  // XLSForm `numbers`: still a text (leading zeros, dashes kept), typed on the numeric keyboard.
  const numbers = field.fieldType === "text" && hasAppearance(field.config, "numbers");
  return (
    <Input
      {...inputAria(control)}
      type={kind.type}
      inputMode={numbers ? "decimal" : kind.inputMode}
      autoComplete={kind.autoComplete}
      autoCapitalize={field.fieldType === "text" ? "sentences" : "off"}
      spellCheck={field.fieldType === "text"}
      className={TOUCH_INPUT}
      value={text}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
