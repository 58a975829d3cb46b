import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { CollectField, FormValue } from "../logic/form-values.ts";
import { FieldShell } from "./field-shell.tsx";
import { TextWidget } from "../widgets/text-widget.tsx";
import { NumberWidget } from "../widgets/number-widget.tsx";
import { DateWidget } from "../widgets/date-widget.tsx";
import { TimeWidget } from "../widgets/time-widget.tsx";
import { MultipleChoiceWidget, SingleChoiceWidget, YesNoWidget } from "../widgets/choice-widgets.tsx";
import { FileChoiceWidget } from "../widgets/file-choice-widget.tsx";
import { GpsWidget } from "../widgets/gps-widget.tsx";
import { choicesFileOf } from "../../../../shared/forms/file-choices.ts";
import { PhotoWidget } from "../widgets/photo-widget.tsx";
import { SignatureWidget } from "../widgets/signature-widget.tsx";

interface FieldWidgetProps {
  field: CollectField;
  /** Where the answer lives: the field's id, or `repeatId.index.childId` in a repeat entry. */
  path: string;
  /** Inside a repeat entry's card. */
  nested: boolean;
  value: FormValue | undefined;
  /** Already translated. */
  error: string | undefined;
  onChange: (path: string, value: FormValue) => void;
  onCheck: (path: string, error: FieldError | null) => void;
}

const SINGLE_CONTROL_TYPES = new Set<CollectField["fieldType"]>([
  "text",
  "email",
  "phone",
  "url",
  "number",
  "date",
  "time",
]);

/** The widget of a field's type inside its labelled shell. */
export function FieldWidget({ field, path, nested, value, error, onChange, onCheck }: FieldWidgetProps) {
  const change = (next: FormValue) => onChange(path, next);
  return (
    <FieldShell
      field={field}
      path={path}
      nested={nested}
      error={error}
      group={!SINGLE_CONTROL_TYPES.has(field.fieldType)}
    >
      {(control) => {
        const props = { value, onChange: change, control };
        switch (field.fieldType) {
          case "text":
          case "email":
          case "phone":
          case "url":
            return <TextWidget field={field} {...props} />;
          case "number":
            return <NumberWidget field={field} {...props} onCheck={(checked) => onCheck(path, checked)} />;
          case "date":
            return <DateWidget field={field} {...props} />;
          case "time":
            return <TimeWidget field={field} {...props} />;
          case "yes_no":
            return <YesNoWidget field={field} {...props} />;
          case "single_choice":
            if (choicesFileOf(field) !== undefined) return <FileChoiceWidget field={field} {...props} />;
            return <SingleChoiceWidget field={field} {...props} />;
          case "multiple_choice":
            if (choicesFileOf(field) !== undefined) return <FileChoiceWidget field={field} {...props} />;
            return <MultipleChoiceWidget field={field} {...props} />;
          case "gps":
            return <GpsWidget field={field} {...props} />;
          case "photo":
            return <PhotoWidget field={field} {...props} />;
          case "signature":
            return <SignatureWidget field={field} {...props} />;
          default:
            // Notes, calculations and containers have no input (field-block.tsx and form-nodes.tsx draw them).
            return null;
        }
      }}
    </FieldShell>
  );
}
