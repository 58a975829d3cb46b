import { useMemo, useReducer, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { ArrowLeft, Eye, PanelRightOpen, Webhook } from "lucide-react";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import { ApiClientError } from "../../../lib/api-client.ts";
import { upgradePath } from "../../../lib/upgrade-path.ts";
import { fetchMe } from "../../../lib/me.ts";
import { Button } from "../../../components/ui/button.tsx";
import { APPLICATIONS_QUERY_KEY, applicationQueryKey, applicationsApi } from "../api/applications-api.ts";
import { fieldsReducer, newField, takenNames, type DesignerField } from "./designer-fields.ts";
import { formIssues } from "./field-issues.ts";
import { RemoveContainerDialog } from "./remove-container-dialog.tsx";
import { isContainer, childrenOf } from "./field-nesting.ts";
import { buildPayload, type DesignerSettings } from "./designer-settings.ts";
import { FieldConfigDialog } from "./field-config-dialog.tsx";
import { otherTextFieldFor } from "./other-text-field.ts";
import { FieldList } from "./field-list.tsx";
import { FieldPalette } from "./field-palette.tsx";
import { ResizableSplit } from "./resizable-split.tsx";
import { classifySaveError, errorDetails } from "./save-error.ts";
import { SaveErrorDialog, type SaveErrorState } from "./save-error-dialog.tsx";
import { SettingsPanel } from "./settings-panel.tsx";
import { FormVersionHistory } from "./form-version-history.tsx";
import { FormFilesPanel } from "./form-files-panel.tsx";
import { useAttachedImageNames } from "../api/form-files-api.ts";
import { FormPreviewDialog } from "./form-preview-dialog.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { track } from "../../../lib/analytics/track.ts";

interface ApplicationDesignerProps {
  /** Absent when creating. */
  applicationId?: string;
  initialSettings: DesignerSettings;
  initialFields: DesignerField[];
}

/** The form designer (spec 000 §2): palette | field list, and the collapsible settings panel. */
export function ApplicationDesigner({ applicationId, initialSettings, initialFields }: ApplicationDesignerProps) {
  const { t } = useTranslation(["designer", "fields", "designer-logic", "expressions"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const imageFiles = useAttachedImageNames(applicationId);
  const isEdit = applicationId !== undefined;
  const [fields, dispatch] = useReducer(fieldsReducer, initialFields);
  const [settings, setSettings] = useState(initialSettings);
  const [configuring, setConfiguring] = useState<DesignerField | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(true);
  const [saveError, setSaveError] = useState<SaveErrorState | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [removingContainer, setRemovingContainer] = useState<DesignerField | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const issues = useMemo(() => formIssues(fields), [fields]);
  const issueTexts = useMemo(
    () =>
      new Map(
        [...issues].map(([id, list]) => [id, [...new Set(list.map((issue) => t(issue.key, issue.params)))]] as const),
      ),
    [issues, t],
  );

  const mutation = useMutation({
    mutationFn: () => {
      const payload = buildPayload(settings, fields);
      return applicationId ? applicationsApi.update(applicationId, payload) : applicationsApi.create(payload);
    },
  });

  const addField = (type: FieldType, labelKey: string, preset?: Partial<DesignerField["config"]>) => {
    const label = t(`fields:${labelKey}`);
    const field = newField(type, label, takenNames(fields));
    dispatch({ type: "add", field: preset ? { ...field, config: { ...field.config, ...preset } } : field });
    toast.success(t("designer:fieldList.added", { type: label }), { duration: 1500 });
  };

  /** Removal is undone by restoring the list as it was (a container's children move back into it too). */
  const removeField = (field: DesignerField, children: "keep" | "remove" = "keep") => {
    const before = fields;
    dispatch({ type: "remove", id: field.id, children });
    toast(t("designer:fieldList.removed", { label: field.label }), {
      action: { label: t("designer:fieldList.undo"), onClick: () => dispatch({ type: "load", fields: before }) },
    });
  };

  const askRemove = (field: DesignerField) => {
    if (isContainer(field) && childrenOf(fields, field).length > 0) setRemovingContainer(field);
    else removeField(field);
  };

  const save = async () => {
    const name = settings.name.trim();
    if (name === "") {
      toast.error(t("fields:appNameRequired"));
      return;
    }
    if (issues.size > 0) {
      toast.error(t("designer:settings.incompleteFields", { count: issues.size }));
      return;
    }
    if (fields.length === 0) toast.warning(t("designer:settings.noFieldsWarning"));
    try {
      await mutation.mutateAsync();
      if (!isEdit) track("form_created", { fields: fields.length });
      setSaveError(null);
      await queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY });
      if (applicationId) queryClient.removeQueries({ queryKey: applicationQueryKey(applicationId) });
      toast.success(t(isEdit ? "designer:saved.updated" : "designer:saved.created"), { description: name });
      void navigate("/applications");
    } catch (error) {
      const outcome = classifySaveError(error, apiErrorText(t, error), (type) => t(`fields:types.${type}`));
      if (outcome.kind === "limit") {
        toast.error(t("designer:saveErrors.limitReached"));
        void navigate(upgradePath("applications"));
        return;
      }
      toast.error(t(isEdit ? "designer:saveErrors.titleEdit" : "designer:saveErrors.title"));
      const messageKey =
        isEdit && outcome.messageKey === "saveErrors.generic" ? "saveErrors.genericEdit" : outcome.messageKey;
      setSaveError({ message: t(`designer:${messageKey}`, outcome.params), details: outcome.details });
    }
  };

  /** Retry re-validates the session first (spec 000 §8): a dead session would only fail again. */
  const retry = async () => {
    setRetrying(true);
    let signedOut: ApiClientError | null = null;
    try {
      // Signed out is `{ user: null }`; the 401 is kept for a session that dies between the two checks.
      if (!(await fetchMe()))
        signedOut = new ApiClientError(401, { code: "UNAUTHENTICATED", message: "Sign in required" });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) signedOut = error;
    }
    if (signedOut) {
      setSaveError({ message: t("designer:saveErrors.sessionInvalid"), details: errorDetails(signedOut) });
      setRetrying(false);
      return;
    }
    await save();
    setRetrying(false);
  };

  const designer = (
    <ResizableSplit
      label={t("designer:layout.resizePalette")}
      defaultSize={25}
      minSize={20}
      maxSize={30}
      className="h-full"
      first={<FieldPalette onAdd={addField} />}
      second={
        <section aria-labelledby="designer-fields-title" className="flex min-h-full flex-col gap-3 bg-muted/30 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="designer-fields-title" className="font-semibold">
              {t("designer:fieldList.title")}{" "}
              <span className="font-normal text-muted-foreground">({fields.length})</span>
            </h2>
            {fields.length > 1 ? (
              <p className="text-xs text-muted-foreground">{t("designer:fieldList.reorderHint")}</p>
            ) : null}
          </div>
          <FieldList
            fields={fields}
            issues={issueTexts}
            onOpen={setConfiguring}
            onRemove={askRemove}
            onStep={(id, direction) => dispatch({ type: "step", id, direction })}
            onDrop={(activeId, overId) => dispatch({ type: "drop", activeId, overId })}
          />
        </section>
      }
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Link
            to="/applications"
            className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t("designer:back")}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">
            {isEdit ? t("designer:editTitle") : t("designer:newTitle")}
          </h1>
          <p className="text-sm text-muted-foreground">{isEdit ? initialSettings.name : t("designer:newSubtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setPreviewing(true)}>
            <Eye aria-hidden />
            {t("designer:preview.open")}
          </Button>
          {settingsOpen ? null : (
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              <PanelRightOpen aria-hidden />
              {t("designer:settings.open")}
            </Button>
          )}
        </div>
      </div>

      <div className="h-[calc(100vh-12rem)] min-h-[560px] overflow-hidden rounded-lg border bg-card">
        <ResizableSplit
          label={t("designer:layout.resizeSettings")}
          defaultSize={70}
          minSize={60}
          maxSize={80}
          className="h-full"
          secondHidden={!settingsOpen}
          first={designer}
          second={
            <SettingsPanel
              settings={settings}
              onChange={(patch) => setSettings((current) => ({ ...current, ...patch }))}
              fieldsCount={fields.length}
              incompleteCount={issues.size}
              saving={mutation.isPending}
              isEdit={isEdit}
              onSubmit={save}
              onCollapse={() => setSettingsOpen(false)}
            >
              {applicationId ? (
                <>
                  <Button variant="outline" size="sm" className="self-start" asChild>
                    <Link to={`/applications/${applicationId}/webhooks`}>
                      <Webhook aria-hidden />
                      {t("webhooks:open")}
                    </Link>
                  </Button>
                  <FormFilesPanel applicationId={applicationId} fields={fields} />
                  <FormVersionHistory applicationId={applicationId} />
                </>
              ) : null}
            </SettingsPanel>
          }
        />
      </div>

      <FieldConfigDialog
        field={configuring}
        fields={fields}
        imageFiles={imageFiles}
        onClose={() => setConfiguring(null)}
        onSave={(field) => {
          dispatch({ type: "update", field });
          const other = otherTextFieldFor(field, fields, t("designer-logic:appearance.otherText"));
          if (other) dispatch({ type: "insert", ...other });
        }}
      />
      <FormPreviewDialog open={previewing} fields={fields} onClose={() => setPreviewing(false)} />
      <RemoveContainerDialog
        container={removingContainer}
        childCount={removingContainer ? childrenOf(fields, removingContainer).length : 0}
        onChoose={(children) => {
          if (removingContainer) removeField(removingContainer, children);
          setRemovingContainer(null);
        }}
        onCancel={() => setRemovingContainer(null)}
      />
      <SaveErrorDialog
        error={saveError}
        isEdit={isEdit}
        retrying={retrying}
        onRetry={retry}
        onBack={() => setSaveError(null)}
      />
    </div>
  );
}
