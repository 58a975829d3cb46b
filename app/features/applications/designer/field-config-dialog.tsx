import { useId, useState, type FormEvent } from "react";
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
import {
  FIELD_DESCRIPTION_MAX,
  FIELD_LABEL_MAX,
  isTemporaryFieldId,
  REPEAT_COUNT_MAX,
  uniqueFieldName,
} from "../../../../shared/fields/field-config.ts";
import { isDisplayOnlyType } from "../../../../shared/fields/field-types.ts";
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
import { Switch } from "../../../components/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { FieldIcon } from "./field-icons.tsx";
import { ChoiceSelect, Row } from "./config-controls.tsx";
import { QuestionTypeSettings } from "./question-type-settings.tsx";
import { checkBounds } from "./number-bounds.ts";
import { OptionsEditor } from "./options-editor.tsx";
import { fieldsReducer, takenNames, type DesignerField } from "./designer-fields.ts";
import { ExpressionInput } from "./expression-input.tsx";
import { AppearancePanel, appearanceConfig, appearanceDraftOf, type AppearanceDraft } from "./appearance-panel.tsx";
import { formIssues } from "./field-issues.ts";
import { LogicPanel, type LogicDraft } from "./logic-panel.tsx";
import { formatOptionProperties, parseOptionProperties } from "./option-properties.ts";
import { conditionSources, placementTargets } from "./logic-sources.ts";
import { isMediaFieldType } from "../../../../shared/fields/media-rules.ts";
import { MediaConfigFields } from "./media-config-fields.tsx";
import { invalidAcceptEntries, mediaConfigOf, mediaDraftOf } from "./media-draft.ts";

/** A stored config value when it is one of the allowed ones, else the default (stored configs may predate a key). */
function oneOf<T>(values: readonly T[], value: unknown, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** A bound typed as text (min/max value, min/max entries): blank means no limit. */
function LimitRow({
  id,
  label,
  error,
  inputMode,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  inputMode: "decimal" | "numeric";
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("designer");
  return (
    <Row id={id} label={label} error={error}>
      <Input
        id={id}
        inputMode={inputMode}
        value={value}
        placeholder={t("config.noLimit")}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Row>
  );
}

interface FieldConfigFormProps {
  field: DesignerField;
  /** The whole form, for names, references and the live analysis of the draft. */
  fields: readonly DesignerField[];
  /** The form's attached images, which options may show. */
  imageFiles: readonly string[];
  onSave: (field: DesignerField) => void;
  onCancel: () => void;
}

/** The editing form; mounted per opened field so its draft starts from that field. */
/** The properties edited in the "Lógica" tab (their errors are counted on its trigger). */
const LOGIC_PROPERTIES = new Set([
  "name",
  "parentName",
  "config.relevant",
  "config.constraint",
  "config.constraintMessage",
  "config.defaultValue",
  "config.choiceFilter",
  "config.optionProperties",
  "config.trigger",
]);

function countText(value: number | null | undefined): string {
  return value == null ? "" : String(value);
}

/** A count typed in a repeat's min/max box: blank is no limit, anything else must be a whole number in range. */
function parseCount(text: string): { value: number | null; invalid: boolean } {
  const trimmed = text.trim();
  if (trimmed === "") return { value: null, invalid: false };
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 0 && value <= REPEAT_COUNT_MAX
    ? { value, invalid: false }
    : { value: null, invalid: true };
}

function FieldConfigForm({ field, fields, imageFiles, onSave, onCancel }: FieldConfigFormProps) {
  const { t } = useTranslation(["designer", "fields", "designer-logic", "expressions"]);
  const id = useId();
  const [label, setLabel] = useState(field.label);
  const [required, setRequired] = useState(field.config.required ?? false);
  const [requiredWhen, setRequiredWhen] = useState(field.config.requiredWhen ?? "");
  const [description, setDescription] = useState(field.config.description ?? "");
  const [textFormat, setTextFormat] = useState(oneOf(TEXT_FORMATS, field.config.format, DEFAULT_TEXT_FORMAT));
  const [numberFormat, setNumberFormat] = useState(oneOf(NUMBER_FORMATS, field.config.format, DEFAULT_NUMBER_FORMAT));
  const [minText, setMinText] = useState(field.config.minValue == null ? "" : String(field.config.minValue));
  const [maxText, setMaxText] = useState(field.config.maxValue == null ? "" : String(field.config.maxValue));
  const [options, setOptions] = useState(field.config.options ?? []);
  const [choicesFile, setChoicesFile] = useState(field.config.choicesFile ?? "");
  const [optionImages, setOptionImages] = useState(field.config.optionImages ?? {});
  const [captureMode, setCaptureMode] = useState(oneOf(CAPTURE_MODES, field.config.captureMode, DEFAULT_CAPTURE_MODE));
  const [maxSize, setMaxSize] = useState(oneOf(PHOTO_MAX_SIZES_MB, field.config.maxSize, DEFAULT_PHOTO_MAX_SIZE_MB));
  const [media, setMedia] = useState(() =>
    mediaDraftOf(isMediaFieldType(field.fieldType) ? field.fieldType : "file", field.config),
  );
  const [calculation, setCalculation] = useState(field.config.calculation ?? "");
  const [minCountText, setMinCountText] = useState(countText(field.config.minCount));
  const [look, setLook] = useState<AppearanceDraft>(() => appearanceDraftOf(field.config));
  const [maxCountText, setMaxCountText] = useState(countText(field.config.maxCount));
  const [typeSettings, setTypeSettings] = useState<Partial<DesignerField["config"]>>({});
  const [logic, setLogic] = useState<LogicDraft>({
    name: field.name,
    parentName: field.parentName,
    relevant: field.config.relevant ?? "",
    constraint: field.config.constraint ?? "",
    constraintMessage: field.config.constraintMessage ?? "",
    defaultValue: field.config.defaultValue ?? "",
    choiceFilter: field.config.choiceFilter ?? "",
    optionProperties: formatOptionProperties(field.config.optionProperties),
    trigger: field.config.trigger ?? "",
    triggerValue: field.fieldType === "calculation" ? "" : (field.config.calculation ?? ""),
  });
  // A new field's name follows its label until the user names it.
  const [nameFollowsLabel, setNameFollowsLabel] = useState(
    () => isTemporaryFieldId(field.id) && field.name === uniqueFieldName(field.label, takenNames(fields, field.id)),
  );

  const type = field.fieldType;
  const answered = !isDisplayOnlyType(type) && type !== "repeat" && type !== "calculation" && type !== "metadata";
  const minCount = parseCount(minCountText);
  const maxCount = parseCount(maxCountText);
  const isNumber = type === "number";
  const isChoice = type === "single_choice" || type === "multiple_choice" || type === "rank";
  const bounds = checkBounds(minText, maxText);
  const labelError = label.trim() === "" ? t("fields:labelRequired") : undefined;
  const boundsInvalid = isNumber && Boolean(bounds.minError || bounds.maxError);

  const changeLabel = (next: string) => {
    setLabel(next);
    if (nameFollowsLabel)
      setLogic((current) => ({ ...current, name: uniqueFieldName(next, takenNames(fields, field.id)) }));
  };
  const changeLogic = (patch: Partial<LogicDraft>) => {
    if (patch.name !== undefined) setNameFollowsLabel(false);
    setLogic((current) => ({ ...current, ...patch }));
  };

  /** The field as it would be saved now; unknown keys (translations) are kept as loaded. */
  const draft = (): DesignerField => {
    const config: DesignerField["config"] = {
      ...field.config,
      description: description.trim() || undefined,
      relevant: logic.relevant,
    };
    if (answered)
      Object.assign(config, {
        required,
        requiredWhen: required ? requiredWhen : undefined,
        constraint: logic.constraint,
        constraintMessage: logic.constraintMessage,
        defaultValue: logic.defaultValue,
        trigger: logic.trigger,
        calculation: logic.trigger.trim() ? logic.triggerValue : undefined,
      });
    if (type === "text") config.format = textFormat;
    if (isNumber) Object.assign(config, { format: numberFormat, minValue: bounds.min, maxValue: bounds.max });
    if (isChoice)
      Object.assign(config, {
        // Options from an attached file replace the typed ones (select_one_from_file).
        options: choicesFile.trim() ? [] : options,
        choicesFile: choicesFile.trim() || undefined,
        choiceFilter: logic.choiceFilter,
        optionProperties: parseOptionProperties(logic.optionProperties),
        optionImages: choicesFile.trim() || Object.keys(optionImages).length === 0 ? undefined : optionImages,
      });
    if (type === "photo") Object.assign(config, { captureMode, maxSize });
    if (isMediaFieldType(type)) Object.assign(config, mediaConfigOf(type, media));
    if (type === "calculation") Object.assign(config, { calculation, trigger: logic.trigger });
    if (type === "repeat") Object.assign(config, { minCount: minCount.value, maxCount: maxCount.value });
    Object.assign(config, typeSettings);
    Object.assign(config, appearanceConfig(look, type, field.config.translations));
    return { ...field, label: label.trim(), name: logic.name, parentName: logic.parentName, config };
  };

  const current = draft();
  const preview = fieldsReducer([...fields], { type: "update", field: current });
  // An option property's problem is placed on its option (`config.optionProperties.Santos`); one box edits them all.
  const issues = (formIssues(preview).get(field.id) ?? []).map((issue) =>
    issue.property.startsWith("config.optionProperties.") ? { ...issue, property: "config.optionProperties" } : issue,
  );
  const errorsOf = (property: string) => [
    ...new Set(issues.filter((issue) => issue.property === property).map((issue) => t(issue.key, issue.params))),
  ];
  const nameInvalid = errorsOf("name").length > 0;
  const countInvalid = type === "repeat" && (minCount.invalid || maxCount.invalid);
  const logicIssueCount = issues.filter((issue) => LOGIC_PROPERTIES.has(issue.property)).length;
  const mediaInvalid = type === "file" && invalidAcceptEntries(media).length > 0;
  const blocked = Boolean(labelError) || boundsInvalid || nameInvalid || countInvalid || mediaInvalid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    onSave(current);
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

      <Tabs defaultValue="general" className="flex flex-col gap-4">
        <TabsList>
          <TabsTrigger value="general">{t("designer-logic:tabs.general")}</TabsTrigger>
          <TabsTrigger value="logic" className="gap-1.5">
            {t("designer-logic:tabs.logic")}
            {logicIssueCount > 0 ? (
              <span className="rounded-full bg-destructive-solid px-1.5 text-xs text-white" data-testid="logic-issues">
                {logicIssueCount}
                <span className="sr-only">{t("designer-logic:tabs.issues", { count: logicIssueCount })}</span>
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="appearance">{t("designer-logic:appearance.tab")}</TabsTrigger>
        </TabsList>
        <TabsContent value="appearance" className="mt-0">
          <AppearancePanel
            id={id}
            type={type}
            draft={look}
            onChange={(patch) => setLook((previous) => ({ ...previous, ...patch }))}
          />
        </TabsContent>
        <TabsContent value="general" className="mt-0 flex flex-col gap-4">
          <Row
            id={`${id}-label`}
            label={t(type === "note" ? "designer-logic:note.title" : "designer:config.label")}
            error={labelError}
          >
            <Input
              id={`${id}-label`}
              value={label}
              maxLength={FIELD_LABEL_MAX}
              aria-invalid={Boolean(labelError)}
              aria-describedby={labelError ? `${id}-label-error` : undefined}
              onChange={(event) => changeLabel(event.target.value)}
              autoFocus
            />
          </Row>

          {answered && type !== "hidden" ? (
            <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
              <div className="flex flex-col">
                <Label htmlFor={`${id}-required`}>{t("designer:config.required")}</Label>
                <span className="text-xs text-muted-foreground">{t("designer:config.requiredHint")}</span>
              </div>
              <Switch id={`${id}-required`} checked={required} onCheckedChange={setRequired} />
            </div>
          ) : null}
          {answered && type !== "hidden" && required ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-required-when`}>{t("designer-logic:requiredWhen.title")}</Label>
              <ExpressionInput
                id={`${id}-required-when`}
                label={t("designer-logic:requiredWhen.title")}
                value={requiredWhen}
                onChange={setRequiredWhen}
                errors={errorsOf("config.requiredWhen")}
                placeholder={t("designer-logic:requiredWhen.placeholder")}
                hint={t("designer-logic:requiredWhen.hint")}
              />
            </div>
          ) : null}

          <Row
            id={`${id}-description`}
            label={t(type === "note" ? "designer-logic:note.text" : "designer:config.description")}
          >
            <Textarea
              id={`${id}-description`}
              value={description}
              maxLength={FIELD_DESCRIPTION_MAX}
              rows={type === "note" ? 4 : 2}
              placeholder={t(
                type === "note" ? "designer-logic:note.placeholder" : "designer:config.descriptionPlaceholder",
              )}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Row>

          {type === "calculation" ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-calculation`}>{t("designer-logic:calculation.title")}</Label>
              <ExpressionInput
                id={`${id}-calculation`}
                label={t("designer-logic:calculation.title")}
                value={calculation}
                onChange={setCalculation}
                errors={errorsOf("config.calculation")}
                placeholder={t("designer-logic:calculation.placeholder")}
                hint={t("designer-logic:calculation.hint")}
              />
            </div>
          ) : null}

          {type === "repeat" ? (
            <div className="grid grid-cols-2 gap-3">
              <LimitRow
                id={`${id}-min-count`}
                label={t("designer-logic:repeat.minCount")}
                error={
                  minCount.invalid ? t("designer-logic:repeat.invalidCount", { max: REPEAT_COUNT_MAX }) : undefined
                }
                inputMode="numeric"
                value={minCountText}
                onChange={setMinCountText}
              />
              <LimitRow
                id={`${id}-max-count`}
                label={t("designer-logic:repeat.maxCount")}
                error={
                  maxCount.invalid
                    ? t("designer-logic:repeat.invalidCount", { max: REPEAT_COUNT_MAX })
                    : errorsOf("config.maxCount")[0]
                }
                inputMode="numeric"
                value={maxCountText}
                onChange={setMaxCountText}
              />
            </div>
          ) : null}

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
                <LimitRow
                  id={`${id}-min`}
                  label={t("designer:config.minValue")}
                  error={bounds.minError ? t(`fields:${bounds.minError}`) : undefined}
                  inputMode="decimal"
                  value={minText}
                  onChange={setMinText}
                />
                <LimitRow
                  id={`${id}-max`}
                  label={t("designer:config.maxValue")}
                  error={bounds.maxError ? t(`fields:${bounds.maxError}`) : undefined}
                  inputMode="decimal"
                  value={maxText}
                  onChange={setMaxText}
                />
              </div>
            </>
          ) : null}

          {isChoice ? (
            <Row
              id={`${id}-choices-file`}
              label={t("designer:formFiles.choicesFile")}
              error={errorsOf("config.choicesFile")[0]}
            >
              <Input
                id={`${id}-choices-file`}
                value={choicesFile}
                placeholder="cidades.csv"
                onChange={(event) => setChoicesFile(event.target.value)}
              />
              <p className="text-xs text-muted-foreground">{t("designer:formFiles.choicesFileHint")}</p>
            </Row>
          ) : null}
          {isChoice && !choicesFile.trim() ? (
            <OptionsEditor
              options={options}
              onChange={setOptions}
              images={{ files: imageFiles, chosen: optionImages, onChange: setOptionImages }}
            />
          ) : null}

          <QuestionTypeSettings
            type={type}
            config={current.config}
            onChange={(patch) => setTypeSettings((settings) => ({ ...settings, ...patch }))}
            errorsOf={errorsOf}
          />

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
          {isMediaFieldType(type) ? <MediaConfigFields id={id} type={type} draft={media} onChange={setMedia} /> : null}
        </TabsContent>
        <TabsContent value="logic" className="mt-0">
          <LogicPanel
            fieldType={type}
            draft={logic}
            onChange={changeLogic}
            sources={conditionSources(preview, field.id)}
            containers={placementTargets(preview, field.id)}
            errorsOf={errorsOf}
          />
        </TabsContent>
      </Tabs>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("designer:config.cancel")}
        </Button>
        <Button type="submit" disabled={blocked}>
          {t("designer:config.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Configuração de Campo': every config key of the field's type (spec 000 §3). */
export function FieldConfigDialog({
  field,
  fields,
  imageFiles,
  onSave,
  onClose,
}: {
  field: DesignerField | null;
  fields: readonly DesignerField[];
  /** The form's attached images, which options may show. */
  imageFiles: readonly string[];
  onSave: (field: DesignerField) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={field !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {field ? (
          <FieldConfigForm
            key={field.id}
            field={field}
            fields={fields}
            imageFiles={imageFiles}
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
