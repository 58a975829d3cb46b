import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { ExpressionInput } from "./expression-input.tsx";
import {
  COMBINATORS,
  defaultValueFor,
  newCondition,
  operatorsFor,
  readShowWhen,
  valueKindFor,
  writeShowWhen,
  type Condition,
  type ConditionSource,
  type ShowWhen,
} from "./show-when.ts";

interface Source extends ConditionSource {
  label: string;
}

interface ShowWhenEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** The fields a condition may compare. */
  sources: readonly Source[];
  errors: readonly string[];
}

function ValueInput({
  id,
  label,
  condition,
  source,
  onChange,
}: {
  id: string;
  label: string;
  condition: Condition;
  source: Source;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("designer-logic");
  const kind = valueKindFor(source.fieldType, condition.operator);
  if (kind === "none") return null;
  if (kind === "option" || kind === "boolean") {
    const values = kind === "boolean" ? ["true", "false"] : (source.options ?? []);
    return (
      <Select value={condition.value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-label={label} className="min-w-32 flex-1">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {values.map((value) => (
            <SelectItem key={value} value={value}>
              {kind === "boolean" ? t(`showWhen.boolean.${value}`) : value}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }
  return (
    <Input
      id={id}
      aria-label={label}
      className="min-w-32 flex-1"
      type={kind === "date" ? "date" : kind === "time" ? "time" : "text"}
      inputMode={kind === "number" ? "decimal" : undefined}
      value={condition.value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** "Mostrar quando": a builder of rows (field, operator, value; all / any) over the expression text, or the text. */
export function ShowWhenEditor({ value, onChange, sources, errors }: ShowWhenEditorProps) {
  const { t } = useTranslation(["designer-logic", "fields"]);
  const id = useId();
  // The rows are kept as built: re-reading the text on each keystroke would turn "é igual a ''" into "está vazio".
  const [built, setBuilt] = useState(() => readShowWhen(value, sources));
  const [textMode, setTextMode] = useState(built === null);
  const readable = textMode ? readShowWhen(value, sources) : built;
  const bySource = (name: string) => sources.find((source) => source.name === name);

  const write = (next: ShowWhen) => {
    setBuilt(next);
    onChange(writeShowWhen(next, sources));
  };
  const toggleMode = () => {
    if (!textMode) return setTextMode(true);
    if (readable === null) return;
    setBuilt(readable);
    setTextMode(false);
  };
  const patch = (showWhen: ShowWhen, index: number, change: Partial<Condition>) => {
    const conditions = showWhen.conditions.map((condition, position) =>
      position === index ? { ...condition, ...change } : condition,
    );
    write({ ...showWhen, conditions });
  };

  const header = (
    <div className="flex items-center justify-between gap-2">
      <Label htmlFor={textMode ? `${id}-text` : undefined} className="font-semibold">
        {t("showWhen.title")}
      </Label>
      <Button type="button" variant="ghost" size="sm" disabled={textMode && readable === null} onClick={toggleMode}>
        {textMode ? t("showWhen.builderMode") : t("showWhen.textMode")}
      </Button>
    </div>
  );

  if (textMode || built === null)
    return (
      <fieldset className="flex flex-col gap-2">
        {header}
        {readable === null ? <p className="text-xs text-muted-foreground">{t("showWhen.cannotBuild")}</p> : null}
        <ExpressionInput
          id={`${id}-text`}
          label={t("showWhen.expression")}
          value={value}
          onChange={onChange}
          errors={errors}
          placeholder={t("showWhen.placeholder")}
        />
      </fieldset>
    );

  return (
    <fieldset className="flex flex-col gap-2" aria-label={t("showWhen.title")}>
      {header}
      {built.conditions.length === 0 ? <p className="text-xs text-muted-foreground">{t("showWhen.always")}</p> : null}
      {built.conditions.length > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <span>{t("showWhen.matchPrefix")}</span>
          <Select
            value={built.combinator}
            onValueChange={(combinator) =>
              write({ ...built, combinator: COMBINATORS.find((known) => known === combinator) ?? "all" })
            }
          >
            <SelectTrigger aria-label={t("showWhen.combinator")} className="h-8 w-auto">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {COMBINATORS.map((combinator) => (
                <SelectItem key={combinator} value={combinator}>
                  {t(`showWhen.combinators.${combinator}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <ol className="flex flex-col gap-2">
        {built.conditions.map((condition, index) => {
          const source = bySource(condition.field);
          const n = index + 1;
          if (!source) return null;
          return (
            <li key={index} className="flex flex-wrap items-center gap-2 rounded-md border p-2" data-condition>
              <Select
                value={condition.field}
                onValueChange={(name) => {
                  const next = bySource(name);
                  if (next) patch(built, index, newCondition(next));
                }}
              >
                <SelectTrigger aria-label={t("showWhen.field", { n })} className="min-w-36 flex-1">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {sources.map((candidate) => (
                    <SelectItem key={candidate.name} value={candidate.name}>
                      {candidate.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Select
                value={condition.operator}
                onValueChange={(operator) => {
                  const known = operatorsFor(source.fieldType).find((candidate) => candidate === operator);
                  if (known) patch(built, index, { operator: known, value: defaultValueFor(source, known) });
                }}
              >
                <SelectTrigger aria-label={t("showWhen.operator", { n })} className="w-auto min-w-36">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {operatorsFor(source.fieldType).map((operator) => (
                    <SelectItem key={operator} value={operator}>
                      {t(`showWhen.operators.${operator}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <ValueInput
                id={`${id}-value-${index}`}
                label={t("showWhen.value", { n })}
                condition={condition}
                source={source}
                onChange={(next) => patch(built, index, { value: next })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t("showWhen.remove", { n })}
                onClick={() =>
                  write({ ...built, conditions: built.conditions.filter((_, position) => position !== index) })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ol>
      {sources.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("showWhen.noSources")}</p>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => {
            const first = sources[0];
            if (first) write({ ...built, conditions: [...built.conditions, newCondition(first)] });
          }}
        >
          <Plus aria-hidden />
          {t("showWhen.add")}
        </Button>
      )}
      {value.trim() !== "" ? (
        <p className="break-all font-mono text-xs text-muted-foreground" data-testid="show-when-text">
          {value}
        </p>
      ) : null}
      {errors.map((error) => (
        <p key={error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ))}
    </fieldset>
  );
}
