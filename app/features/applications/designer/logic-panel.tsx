import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FIELD_DESCRIPTION_MAX, FIELD_NAME_MAX } from "../../../../shared/fields/field-config.ts";
import { isDisplayOnlyType, type FieldType } from "../../../../shared/fields/field-types.ts";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ExpressionInput } from "./expression-input.tsx";
import { ShowWhenEditor } from "./show-when-editor.tsx";
import type { ConditionSource } from "./show-when.ts";

/** The expression-bearing part of a field's draft, edited in the "Lógica" tab. */
export interface LogicDraft {
  name: string;
  parentName: string | null;
  relevant: string;
  constraint: string;
  constraintMessage: string;
  defaultValue: string;
  /** A select's cascading filter and its option properties as typed (`Santos: uf=SP`). */
  choiceFilter: string;
  optionProperties: string;
  /** XLSForm's `trigger` (`${question}`) and, for a question, the value it sets (shared/forms/triggers.ts). */
  trigger: string;
  triggerValue: string;
}

interface LogicPanelProps {
  fieldType: FieldType;
  draft: LogicDraft;
  onChange: (patch: Partial<LogicDraft>) => void;
  sources: readonly (ConditionSource & { label: string })[];
  /** Sections and repeats the field may be placed in (for a container: not itself nor its descendants). */
  containers: readonly { name: string; label: string }[] | null;
  /** Translated errors by property (`name`, `config.relevant`, …). */
  errorsOf: (property: string) => string[];
}

const TOP_LEVEL = "__top__";

/** Name, place ("Dentro de"), "Mostrar quando", "Validação" and "Valor padrão" of a field. */
export function LogicPanel({ fieldType, draft, onChange, sources, containers, errorsOf }: LogicPanelProps) {
  const { t } = useTranslation("designer-logic");
  const id = useId();
  const answered = !isDisplayOnlyType(fieldType) && fieldType !== "repeat" && fieldType !== "calculation";
  const nameErrors = errorsOf("name");

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>{t("logic.name")}</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          maxLength={FIELD_NAME_MAX}
          spellCheck={false}
          autoCapitalize="off"
          className="font-mono"
          aria-invalid={nameErrors.length > 0}
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => onChange({ name: event.target.value.trim() })}
        />
        <p id={`${id}-name-hint`} className="text-xs text-muted-foreground">
          {t("logic.nameHint", { reference: `\${${draft.name || "nome"}}` })}
        </p>
        {nameErrors.map((error) => (
          <p key={error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ))}
      </div>

      {containers ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-parent`}>{t("logic.parent")}</Label>
          <Select
            value={draft.parentName ?? TOP_LEVEL}
            onValueChange={(value) => onChange({ parentName: value === TOP_LEVEL ? null : value })}
          >
            <SelectTrigger id={`${id}-parent`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={TOP_LEVEL}>{t("logic.parentNone")}</SelectItem>
              {containers.map((container) => (
                <SelectItem key={container.name} value={container.name}>
                  {container.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}

      <ShowWhenEditor
        value={draft.relevant}
        onChange={(relevant) => onChange({ relevant })}
        sources={sources}
        errors={errorsOf("config.relevant")}
      />

      {answered ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t("constraint.title")}</legend>
          <ExpressionInput
            id={`${id}-constraint`}
            label={t("constraint.rule")}
            value={draft.constraint}
            onChange={(constraint) => onChange({ constraint })}
            errors={errorsOf("config.constraint")}
            placeholder={t("constraint.placeholder")}
            hint={t("constraint.hint")}
          />
          <Label htmlFor={`${id}-constraint-message`}>{t("constraint.message")}</Label>
          <Input
            id={`${id}-constraint-message`}
            value={draft.constraintMessage}
            maxLength={FIELD_DESCRIPTION_MAX}
            placeholder={t("constraint.messagePlaceholder")}
            onChange={(event) => onChange({ constraintMessage: event.target.value })}
          />
        </fieldset>
      ) : null}

      {fieldType === "single_choice" || fieldType === "multiple_choice" || fieldType === "rank" ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-semibold">{t("choiceFilter.title")}</legend>
          <Label htmlFor={`${id}-option-properties`}>{t("choiceFilter.properties")}</Label>
          <Textarea
            id={`${id}-option-properties`}
            value={draft.optionProperties}
            rows={3}
            spellCheck={false}
            className="font-mono"
            placeholder={t("choiceFilter.propertiesPlaceholder")}
            aria-describedby={`${id}-option-properties-hint`}
            onChange={(event) => onChange({ optionProperties: event.target.value })}
          />
          <p id={`${id}-option-properties-hint`} className="text-xs text-muted-foreground">
            {t("choiceFilter.propertiesHint")}
          </p>
          {errorsOf("config.optionProperties").map((error) => (
            <p key={error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ))}
          <ExpressionInput
            id={`${id}-choice-filter`}
            label={t("choiceFilter.rule")}
            value={draft.choiceFilter}
            onChange={(choiceFilter) => onChange({ choiceFilter })}
            errors={errorsOf("config.choiceFilter")}
            placeholder={t("choiceFilter.placeholder")}
            hint={t("choiceFilter.hint")}
          />
        </fieldset>
      ) : null}

      {answered ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-default`} className="font-semibold">
            {t("defaultValue.title")}
          </Label>
          <ExpressionInput
            id={`${id}-default`}
            label={t("defaultValue.title")}
            value={draft.defaultValue}
            onChange={(defaultValue) => onChange({ defaultValue })}
            errors={errorsOf("config.defaultValue")}
            hint={t("defaultValue.hint")}
          />
        </div>
      ) : null}

      {answered || fieldType === "calculation" ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-trigger`} className="font-semibold">
            {t("trigger.title")}
          </Label>
          <ExpressionInput
            id={`${id}-trigger`}
            label={t("trigger.title")}
            value={draft.trigger}
            onChange={(trigger) => onChange({ trigger })}
            errors={errorsOf("config.trigger")}
            hint={t(fieldType === "calculation" ? "trigger.calculationHint" : "trigger.hint")}
          />
          {answered && draft.trigger.trim() !== "" ? (
            <ExpressionInput
              id={`${id}-trigger-value`}
              label={t("trigger.value")}
              value={draft.triggerValue}
              onChange={(triggerValue) => onChange({ triggerValue })}
              errors={errorsOf("config.calculation")}
              hint={t("trigger.valueHint")}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
