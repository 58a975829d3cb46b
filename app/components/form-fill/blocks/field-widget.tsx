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
import { GeometryWidget } from "../widgets/geometry-widget.tsx";
import { choicesFileOf } from "../../../../shared/forms/file-choices.ts";
import { PhotoWidget } from "../widgets/photo-widget.tsx";
import { SignatureWidget } from "../widgets/signature-widget.tsx";
import { AudioWidget } from "../widgets/audio-widget.tsx";
import { VideoWidget } from "../widgets/video-widget.tsx";
import { FileWidget } from "../widgets/file-widget.tsx";
import { AcknowledgeWidget } from "../widgets/acknowledge-widget.tsx";
import { BarcodeWidget } from "../widgets/barcode-widget.tsx";
import { DateTimeWidget } from "../widgets/datetime-widget.tsx";
import { RangeWidget } from "../widgets/range-widget.tsx";
import { RankWidget } from "../widgets/rank-widget.tsx";
import { EntityWidget } from "../widgets/entity-widget.tsx";

interface FieldWidgetProps {
  field: CollectField;
  /** Where the answer lives: the field's id, or `repeatId.index.childId` in a repeat entry. */
  path: string;
  /** Inside a repeat entry's card. */
  nested: boolean;
  /** Whether the answer is required now (the form logic decides, a condition may change it as answers change). */
  required: boolean;
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
  "datetime",
  "acknowledge",
]);

/** A range is one slider unless drawn as stars or likert points (a group of radios). */
function isSingleControl(field: CollectField): boolean {
  return SINGLE_CONTROL_TYPES.has(field.fieldType) || (field.fieldType === "range" && field.config.style === "slider");
}

/** The widget of a field's type inside its labelled shell. */
export function FieldWidget({ field, path, nested, required, value, error, onChange, onCheck }: FieldWidgetProps) {
  const change = (next: FormValue) => onChange(path, next);
  return (
    <FieldShell
      field={field}
      path={path}
      nested={nested}
      required={required}
      error={error}
      group={!isSingleControl(field)}
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
          case "line":
          case "area":
            return <GeometryWidget field={field} {...props} />;
          case "photo":
            return <PhotoWidget field={field} {...props} />;
          case "signature":
            return <SignatureWidget field={field} {...props} />;
          case "audio":
            return <AudioWidget field={field} {...props} />;
          case "video":
            return <VideoWidget field={field} {...props} />;
          case "file":
            return <FileWidget field={field} {...props} />;
          case "datetime":
            return <DateTimeWidget field={field} {...props} />;
          case "range":
            return <RangeWidget field={field} {...props} />;
          case "rank":
            return <RankWidget field={field} {...props} />;
          case "acknowledge":
            return <AcknowledgeWidget field={field} {...props} />;
          case "barcode":
            return <BarcodeWidget field={field} {...props} />;
          case "entity":
            return <EntityWidget field={field} {...props} onPrefill={onChange} />;
          default:
            // Notes, calculations and containers have no input (field-block.tsx and form-nodes.tsx draw them).
            return null;
        }
      }}
    </FieldShell>
  );
}
