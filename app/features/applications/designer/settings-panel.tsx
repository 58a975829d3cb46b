import { LANGUAGE_NAMES, LANGUAGES } from "../../../../shared/i18n/languages.ts";
import { useId, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertTriangle, Info, PanelRightClose, Save } from "lucide-react";
import { APP_DESCRIPTION_MAX, APP_NAME_MAX, APPLICATION_VISIBILITIES } from "../../../../shared/fields/field-config.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { MemberPicker } from "./member-picker.tsx";
import type { DesignerSettings } from "./designer-settings.ts";

interface SettingsPanelProps {
  settings: DesignerSettings;
  onChange: (patch: Partial<DesignerSettings>) => void;
  fieldsCount: number;
  incompleteCount: number;
  saving: boolean;
  isEdit: boolean;
  onSubmit: () => void;
  onCollapse: () => void;
  /** Shown below the settings (the form's version history when editing). */
  children?: ReactNode;
}

/** Name, description, image, sharing and status of the application, with the save button and what blocks it. */
export function SettingsPanel({
  settings,
  onChange,
  fieldsCount,
  incompleteCount,
  saving,
  isEdit,
  onSubmit,
  onCollapse,
  children,
}: SettingsPanelProps) {
  const { t } = useTranslation(["designer", "designer-logic"]);
  const id = useId();
  const nameMissing = settings.name.trim() === "";
  const blocked = nameMissing || incompleteCount > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex h-full flex-col" noValidate>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="font-semibold">
            {t("settings.title")}
          </h2>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onCollapse}
            aria-label={t("settings.collapse")}
            title={t("settings.collapse")}
          >
            <PanelRightClose aria-hidden />
          </Button>
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>
            {t("settings.name")} <span className="text-destructive">*</span>
          </Label>
          <Input
            id={`${id}-name`}
            value={settings.name}
            maxLength={APP_NAME_MAX}
            placeholder={t("settings.namePlaceholder")}
            aria-required
            aria-describedby={nameMissing ? `${id}-name-hint` : undefined}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-description`}>{t("settings.description")}</Label>
          <Textarea
            id={`${id}-description`}
            value={settings.description}
            maxLength={APP_DESCRIPTION_MAX}
            rows={3}
            placeholder={t("settings.descriptionPlaceholder")}
            onChange={(event) => onChange({ description: event.target.value })}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-image`}>{t("settings.imageUrl")}</Label>
          <Input
            id={`${id}-image`}
            type="url"
            inputMode="url"
            value={settings.imageUrl}
            placeholder="https://"
            onChange={(event) => onChange({ imageUrl: event.target.value })}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-visibility`}>{t("settings.visibility")}</Label>
          <Select
            value={settings.visibility}
            onValueChange={(value) => onChange({ visibility: value === "specific" ? "specific" : "team" })}
          >
            <SelectTrigger id={`${id}-visibility`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {APPLICATION_VISIBILITIES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`settings.visibilityOptions.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">{t(`settings.visibilityHints.${settings.visibility}`)}</p>
        </div>

        {/* Members are picked when creating; afterwards the team screen manages who has access. */}
        {settings.visibility === "specific" && !isEdit ? (
          <MemberPicker
            selected={settings.members}
            onChange={(members) => onChange({ members, membersTouched: true })}
          />
        ) : null}
        {settings.visibility === "specific" && isEdit ? (
          <p className="text-xs text-muted-foreground">{t("settings.membersOnTeamScreen")}</p>
        ) : null}

        <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
          <div className="flex flex-col">
            <Label htmlFor={`${id}-active`}>{t("settings.active")}</Label>
            <span className="text-xs text-muted-foreground">{t("settings.activeHint")}</span>
          </div>
          <Switch id={`${id}-active`} checked={settings.active} onCheckedChange={(active) => onChange({ active })} />
        </div>

        <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
          <div className="flex flex-col">
            <Label htmlFor={`${id}-section-pages`}>{t("designer-logic:settings.sectionPages")}</Label>
            <span className="text-xs text-muted-foreground">{t("designer-logic:settings.sectionPagesHint")}</span>
          </div>
          <Switch
            id={`${id}-section-pages`}
            checked={settings.sectionPages}
            onCheckedChange={(sectionPages) => onChange({ sectionPages })}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-language`}>{t("designer-logic:settings.formLanguage")}</Label>
          <select
            id={`${id}-language`}
            value={settings.language ?? ""}
            onChange={(event) => {
              const language = LANGUAGES.find((candidate) => candidate === event.target.value);
              onChange({ language });
            }}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value="">{t("designer-logic:settings.formLanguageUnknown")}</option>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          <span className="text-xs text-muted-foreground">{t("designer-logic:settings.formLanguageHint")}</span>
        </div>
        {children}
      </div>
      {/* The save area stays in view however long the settings get. */}
      <div className="flex flex-col gap-2 border-t bg-card p-4">
        {incompleteCount > 0 ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("settings.incompleteFields", { count: incompleteCount })}
          </p>
        ) : null}
        {fieldsCount === 0 ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md bg-warning/10 px-3 py-2 text-sm text-warning-text"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("settings.noFieldsWarning")}
          </p>
        ) : null}
        {nameMissing ? (
          <p id={`${id}-name-hint`} className="text-sm text-muted-foreground">
            {t("settings.nameHint")}
          </p>
        ) : null}
        {/* aria-disabled rather than disabled: a press still reaches onSubmit, which says what is missing. */}
        <Button
          type="submit"
          size="lg"
          loading={saving}
          aria-disabled={blocked || undefined}
          className={blocked ? "cursor-not-allowed opacity-50 hover:bg-primary" : undefined}
        >
          {saving ? null : <Save aria-hidden />}
          {saving ? t("settings.saving") : isEdit ? t("settings.saveChanges") : t("settings.create")}
        </Button>
      </div>
    </form>
  );
}
