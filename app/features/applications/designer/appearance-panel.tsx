import { useTranslation } from "react-i18next";
import { APPEARANCES_BY_TYPE, appearanceWords, toggleAppearance } from "../../../../shared/fields/appearances.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../../../shared/i18n/languages.ts";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";

/** What the "Aparência" tab edits: XLSForm appearance words, or_other, randomize and the label per language. */
export interface AppearanceDraft {
  appearance: string;
  orOther: boolean;
  randomize: boolean;
  randomSeed: string;
  /** The label per language; blank keeps the field's own. */
  labels: Partial<Record<Language, string>>;
}

function labelOf(translations: unknown, language: Language): string {
  const texts: unknown =
    typeof translations === "object" && translations !== null ? Reflect.get(translations, language) : undefined;
  const label: unknown = typeof texts === "object" && texts !== null ? Reflect.get(texts, "label") : undefined;
  return typeof label === "string" ? label : "";
}

export function appearanceDraftOf(config: {
  appearance?: string;
  orOther?: boolean;
  randomize?: boolean;
  randomSeed?: string;
  translations?: Record<string, unknown>;
}): AppearanceDraft {
  return {
    appearance: config.appearance ?? "",
    orOther: config.orOther ?? false,
    randomize: config.randomize ?? false,
    randomSeed: config.randomSeed ?? "",
    labels: Object.fromEntries(LANGUAGES.map((language) => [language, labelOf(config.translations, language)])),
  };
}

/** The config keys the draft sets; other texts in other languages (hints, messages, option labels) are kept. */
export function appearanceConfig(
  draft: AppearanceDraft,
  type: FieldType,
  translations: Record<string, unknown> | undefined,
) {
  const merged: Record<string, unknown> = { ...translations };
  for (const language of LANGUAGES) {
    const label = draft.labels[language]?.trim() ?? "";
    const own = merged[language];
    const { label: _previous, ...rest } =
      typeof own === "object" && own !== null ? (own as Record<string, unknown>) : {};
    const next = label === "" ? rest : { ...rest, label };
    if (Object.keys(next).length === 0) delete merged[language];
    else merged[language] = next;
  }
  const choice = type === "single_choice" || type === "multiple_choice";
  return {
    appearance: draft.appearance.trim() || undefined,
    translations: Object.keys(merged).length === 0 ? undefined : merged,
    ...(choice
      ? {
          orOther: draft.orOther || undefined,
          randomize: draft.randomize || undefined,
          randomSeed: (draft.randomize && draft.randomSeed.trim()) || undefined,
        }
      : {}),
  };
}

interface AppearancePanelProps {
  id: string;
  type: FieldType;
  draft: AppearanceDraft;
  onChange: (patch: Partial<AppearanceDraft>) => void;
}

export function AppearancePanel({ id, type, draft, onChange }: AppearancePanelProps) {
  const { t } = useTranslation("designer-logic");
  const known = APPEARANCES_BY_TYPE[type] ?? [];
  const words = appearanceWords(draft.appearance);
  const choice = type === "single_choice" || type === "multiple_choice";
  return (
    <div className="flex flex-col gap-4">
      {known.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t("appearance.title")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {known.map((word) => (
              <label key={word} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={words.includes(word)}
                  onChange={(event) =>
                    onChange({ appearance: toggleAppearance(draft.appearance, word, event.target.checked) ?? "" })
                  }
                />
                <span>
                  {t(`appearance.words.${word}`)} <code className="text-xs text-muted-foreground">{word}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-appearance`}>{t("appearance.xlsform")}</Label>
        <Input
          id={`${id}-appearance`}
          value={draft.appearance}
          onChange={(event) => onChange({ appearance: event.target.value })}
        />
        <span className="text-xs text-muted-foreground">{t("appearance.xlsformHint")}</span>
      </div>
      {choice ? (
        <>
          <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
            <div className="flex flex-col">
              <Label htmlFor={`${id}-or-other`}>{t("appearance.orOther")}</Label>
              <span className="text-xs text-muted-foreground">{t("appearance.orOtherHint")}</span>
            </div>
            <Switch
              id={`${id}-or-other`}
              checked={draft.orOther}
              onCheckedChange={(orOther) => onChange({ orOther })}
            />
          </div>
          <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
            <div className="flex flex-col">
              <Label htmlFor={`${id}-randomize`}>{t("appearance.randomize")}</Label>
              <span className="text-xs text-muted-foreground">{t("appearance.randomizeHint")}</span>
            </div>
            <Switch
              id={`${id}-randomize`}
              checked={draft.randomize}
              onCheckedChange={(randomize) => onChange({ randomize })}
            />
          </div>
          {draft.randomize ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-seed`}>{t("appearance.seed")}</Label>
              <Input
                id={`${id}-seed`}
                value={draft.randomSeed}
                placeholder={t("appearance.seedPlaceholder")}
                onChange={(event) => onChange({ randomSeed: event.target.value })}
              />
            </div>
          ) : null}
        </>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t("appearance.languages")}</legend>
        <span className="text-xs text-muted-foreground">{t("appearance.languagesHint")}</span>
        {LANGUAGES.map((language) => (
          <div key={language} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-label-${language}`}>
              {t("appearance.labelIn", { language: LANGUAGE_NAMES[language] })}
            </Label>
            <Input
              id={`${id}-label-${language}`}
              value={draft.labels[language] ?? ""}
              onChange={(event) => onChange({ labels: { ...draft.labels, [language]: event.target.value } })}
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}
