import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  CAPTURE_MODES,
  DEFAULT_CAPTURE_MODE,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PHOTO_MAX_SIZE_MB,
  DEFAULT_TEXT_FORMAT,
  NUMBER_FORMATS,
  PHOTO_MAX_SIZES_MB,
  TEXT_FORMATS,
} from "../../../../shared/fields/field-types.ts";
import { FIELD_DESCRIPTION_MAX, FIELD_LABEL_MAX } from "../../../../shared/fields/field-config.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { FieldIcon } from "./field-icons.tsx";
import { checkBounds } from "./number-bounds.ts";
import { OptionsEditor } from "./options-editor.tsx";
import type { DesignerField } from "./designer-fields.ts";

/** A stored config value when it is one of the allowed ones, else the default (stored configs may predate a key). */
function oneOf<T>(values: readonly T[], value: unknown, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

function Row({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ChoiceSelect<T extends string | number>({
  id,
  value,
  values,
  labelOf,
  onChange,
}: {
  id: string;
  value: T;
  values: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <Select
      value={String(value)}
      onValueChange={(next) => onChange(values.find((candidate) => String(candidate) === next) ?? value)}
    >
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {values.map((candidate) => (
          <SelectItem key={String(candidate)} value={String(candidate)}>
            {labelOf(candidate)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

interface FieldConfigFormProps {
  field: DesignerField;
  onSave: (field: DesignerField) => void;
  onCancel: () => void;
}

/** The editing form; mounted per opened field so its draft starts from that field. */
function FieldConfigForm({ field, onSave, onCancel }: FieldConfigFormProps) {
  const { t } = useTranslation(["designer", "fields"]);
  const id = useId();
  const [label, setLabel] = useState(field.label);
  const [required, setRequired] = useState(field.config.required ?? false);
  const [description, setDescription] = useState(field.config.description ?? "");
  const [textFormat, setTextFormat] = useState(oneOf(TEXT_FORMATS, field.config.format, DEFAULT_TEXT_FORMAT));
  const [numberFormat, setNumberFormat] = useState(oneOf(NUMBER_FORMATS, field.config.format, DEFAULT_NUMBER_FORMAT));
  const [minText, setMinText] = useState(field.config.minValue == null ? "" : String(field.config.minValue));
  const [maxText, setMaxText] = useState(field.config.maxValue == null ? "" : String(field.config.maxValue));
  const [options, setOptions] = useState(field.config.options ?? []);
  const [captureMode, setCaptureMode] = useState(oneOf(CAPTURE_MODES, field.config.captureMode, DEFAULT_CAPTURE_MODE));
  const [maxSize, setMaxSize] = useState(oneOf(PHOTO_MAX_SIZES_MB, field.config.maxSize, DEFAULT_PHOTO_MAX_SIZE_MB));

  const type = field.fieldType;
  const isNumber = type === "number";
  const isChoice = type === "single_choice" || type === "multiple_choice";
  const bounds = checkBounds(minText, maxText);
  const labelError = label.trim() === "" ? t("fields:labelRequired") : undefined;
  const boundsInvalid = isNumber && Boolean(bounds.minError || bounds.maxError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (labelError || boundsInvalid) return;
    const config: DesignerField["config"] = { required, description: description.trim() || undefined };
    if (type === "text") config.format = textFormat;
    if (isNumber) Object.assign(config, { format: numberFormat, minValue: bounds.min, maxValue: bounds.max });
    if (isChoice) config.options = options;
    if (type === "photo") Object.assign(config, { captureMode, maxSize });
    onSave({ ...field, label: label.trim(), config });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <span className="flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground">
            <FieldIcon type={type} className="size-4" />
          </span>
          {t("designer:config.title")}
        </DialogTitle>
        <DialogDescription>{t("designer:config.subtitle", { type: t(`fields:types.${type}`) })}</DialogDescription>
      </DialogHeader>

      <Row id={`${id}-label`} label={t("designer:config.label")} error={labelError}>
        <Input
          id={`${id}-label`}
          value={label}
          maxLength={FIELD_LABEL_MAX}
          aria-invalid={Boolean(labelError)}
          aria-describedby={labelError ? `${id}-label-error` : undefined}
          onChange={(event) => setLabel(event.target.value)}
          autoFocus
        />
      </Row>

      <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
        <div className="flex flex-col">
          <Label htmlFor={`${id}-required`}>{t("designer:config.required")}</Label>
          <span className="text-xs text-muted-foreground">{t("designer:config.requiredHint")}</span>
        </div>
        <Switch id={`${id}-required`} checked={required} onCheckedChange={setRequired} />
      </div>

      <Row id={`${id}-description`} label={t("designer:config.description")}>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={FIELD_DESCRIPTION_MAX}
          rows={2}
          placeholder={t("designer:config.descriptionPlaceholder")}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Row>

      {type === "text" ? (
        <Row id={`${id}-format`} label={t("designer:config.textFormat")}>
          <ChoiceSelect
            id={`${id}-format`}
            value={textFormat}
            values={TEXT_FORMATS}
            labelOf={(value) => t(`fields:textFormats.${value}`)}
            onChange={setTextFormat}
          />
        </Row>
      ) : null}

      {isNumber ? (
        <>
          <Row id={`${id}-format`} label={t("designer:config.numberFormat")}>
            <ChoiceSelect
              id={`${id}-format`}
              value={numberFormat}
              values={NUMBER_FORMATS}
              labelOf={(value) => t(`fields:numberFormats.${value}`)}
              onChange={setNumberFormat}
            />
          </Row>
          <div className="grid grid-cols-2 gap-3">
            <Row
              id={`${id}-min`}
              label={t("designer:config.minValue")}
              error={bounds.minError ? t(`fields:${bounds.minError}`) : undefined}
            >
              <Input
                id={`${id}-min`}
                inputMode="decimal"
                value={minText}
                placeholder={t("designer:config.noLimit")}
                aria-invalid={Boolean(bounds.minError)}
                aria-describedby={bounds.minError ? `${id}-min-error` : undefined}
                onChange={(event) => setMinText(event.target.value)}
              />
            </Row>
            <Row
              id={`${id}-max`}
              label={t("designer:config.maxValue")}
              error={bounds.maxError ? t(`fields:${bounds.maxError}`) : undefined}
            >
              <Input
                id={`${id}-max`}
                inputMode="decimal"
                value={maxText}
                placeholder={t("designer:config.noLimit")}
                aria-invalid={Boolean(bounds.maxError)}
                aria-describedby={bounds.maxError ? `${id}-max-error` : undefined}
                onChange={(event) => setMaxText(event.target.value)}
              />
            </Row>
          </div>
        </>
      ) : null}

      {isChoice ? <OptionsEditor options={options} onChange={setOptions} /> : null}

      {type === "photo" ? (
        <div className="grid grid-cols-2 gap-3">
          <Row id={`${id}-capture`} label={t("designer:config.captureMode")}>
            <ChoiceSelect
              id={`${id}-capture`}
              value={captureMode}
              values={CAPTURE_MODES}
              labelOf={(value) => t(`fields:captureModes.${value}`)}
              onChange={setCaptureMode}
            />
          </Row>
          <Row id={`${id}-max-size`} label={t("designer:config.maxSize")}>
            <ChoiceSelect
              id={`${id}-max-size`}
              value={maxSize}
              values={PHOTO_MAX_SIZES_MB}
              labelOf={(value) => t("fields:maxSizeOption", { size: value })}
              onChange={setMaxSize}
            />
          </Row>
        </div>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("designer:config.cancel")}
        </Button>
        <Button type="submit" disabled={Boolean(labelError) || boundsInvalid}>
          {t("designer:config.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Configuração de Campo': every config key of the field's type (spec 000 §3). */
export function FieldConfigDialog({
  field,
  onSave,
  onClose,
}: {
  field: DesignerField | null;
  onSave: (field: DesignerField) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={field !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        {field ? (
          <FieldConfigForm
            key={field.id}
            field={field}
            onCancel={onClose}
            onSave={(updated) => {
              onSave(updated);
              onClose();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
