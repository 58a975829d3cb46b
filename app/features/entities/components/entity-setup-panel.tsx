import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { ApplicationField } from "../../../../shared/applications/application-dtos.ts";
import type { EntityListDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityAction } from "../../../../shared/entities/entity-schemas.ts";
import { useEntityLists, useSaveEntityAction } from "../api/entity-setup-api.ts";
import { useRemoveEntityAction } from "../api/entity-page-api.ts";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { fieldsFitting, fieldsOfType } from "../logic/entity-action-fields.ts";
import { EntityListForm } from "./entity-list-form.tsx";
import { actionOf, draftOf, type Draft } from "../logic/entity-action-draft.ts";

const SELECT_CLASS = "h-10 rounded-md border border-input bg-background px-2 text-sm";

function FieldSelect({
  label,
  value,
  fields,
  none,
  onChange,
}: {
  label: string;
  value: string;
  fields: ApplicationField[];
  none: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={SELECT_CLASS} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{none}</option>
        {fields.map((field) => (
          <option key={field.name} value={field.name}>
            {field.label || field.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * An administrator's setup of the form's entities: create a list of the owner's, and choose whether each record
 * creates an entity of it or updates the one its `entity` question picked, and which answers go to which
 * property. The server checks the whole action against the form and answers with a translated error.
 */
export function EntitySetupPanel({
  applicationId,
  action,
  fields,
}: {
  applicationId: string;
  action: EntityAction | null;
  fields: ApplicationField[];
}) {
  const { t } = useTranslation("entities");
  const id = useId();
  const lists = useEntityLists(applicationId);
  const save = useSaveEntityAction(applicationId);
  const remove = useRemoveEntityAction(applicationId);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(action));
  const list = lists.data?.find((candidate) => candidate.id === draft.listId);
  const set = (patch: Partial<Draft>) => {
    save.reset();
    remove.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };
  const chooseList = (created: EntityListDto) => set({ listId: created.id, saves: {} });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(actionOf(draft));
  };

  let body;
  if (lists.isPending) body = <Skeleton className="h-24 w-full" aria-busy="true" />;
  else if (lists.isError)
    body = (
      <LoadFailed
        title={t("setup.loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void lists.refetch()}
        retrying={lists.isFetching}
      />
    );
  else
    body = (
      <div className="flex flex-col gap-6">
        {lists.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("setup.noLists")}</p> : null}
        <EntityListForm applicationId={applicationId} onCreated={chooseList} />
        {lists.data.length > 0 ? (
          <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-action`}>
            <h3 id={`${id}-action`} className="font-medium">
              {t("setup.actionTitle")}
            </h3>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-list`}>{t("setup.list")}</Label>
              <select
                id={`${id}-list`}
                className={SELECT_CLASS}
                value={draft.listId}
                onChange={(event) => set({ listId: event.target.value, saves: {} })}
              >
                <option value="">{t("setup.chooseList")}</option>
                {lists.data.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-medium">{t("setup.kind")}</legend>
              {(["create", "update"] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    checked={draft.kind === kind}
                    onChange={() => set({ kind })}
                  />
                  {t(`setup.kinds.${kind}`)}
                </label>
              ))}
            </fieldset>
            {draft.kind === "create" ? (
              <>
                <FieldSelect
                  label={t("setup.labelField")}
                  value={draft.labelField}
                  fields={fieldsFitting(fields, "text")}
                  none={t("setup.chooseQuestion")}
                  onChange={(labelField) => set({ labelField })}
                />
                <FieldSelect
                  label={t("setup.geometryField")}
                  value={draft.geometryField}
                  fields={fieldsOfType(fields, "gps")}
                  none={t("setup.recordLocation")}
                  onChange={(geometryField) => set({ geometryField })}
                />
              </>
            ) : (
              <FieldSelect
                label={t("setup.entityField")}
                value={draft.entityField}
                fields={fieldsOfType(fields, "entity")}
                none={t("setup.chooseQuestion")}
                onChange={(entityField) => set({ entityField })}
              />
            )}
            {list ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium">{t("setup.saves")}</legend>
                {list.properties.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("setup.noProperties")}</p>
                ) : null}
                {list.properties.map((property) => (
                  <FieldSelect
                    key={property.name}
                    label={t("setup.saveTo", { property: property.name })}
                    value={draft.saves[property.name] ?? ""}
                    fields={fieldsFitting(fields, property.type)}
                    none={t("setup.saveNothing")}
                    onChange={(field) => set({ saves: { ...draft.saves, [property.name]: field } })}
                  />
                ))}
              </fieldset>
            ) : null}
            {save.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {apiErrorText(t, save.error)}
              </p>
            ) : null}
            {save.isSuccess ? (
              <p role="status" className="text-sm">
                {t("setup.saved")}
              </p>
            ) : null}
            {remove.isSuccess ? (
              <p role="status" className="text-sm">
                {t("setup.removed")}
              </p>
            ) : null}
            {remove.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {apiErrorText(t, remove.error)}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending || draft.listId === ""}>
                {save.isPending ? t("setup.saving") : t("setup.save")}
              </Button>
              {action ? (
                <Button type="button" variant="outline" onClick={() => setConfirmingRemoval(true)}>
                  {t("setup.remove")}
                </Button>
              ) : null}
            </div>
            <ConfirmActionDialog
              open={confirmingRemoval}
              title={t("setup.removeTitle")}
              description={t("setup.removeText")}
              confirmLabel={t("setup.remove")}
              busyLabel={t("setup.removing")}
              busy={remove.isPending}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSettled: () => setConfirmingRemoval(false),
                  onSuccess: () => {
                    save.reset();
                    setDraft(draftOf(null));
                  },
                })
              }
              onClose={() => setConfirmingRemoval(false)}
            />
          </form>
        ) : null}
      </div>
    );

  return (
    <section className="flex flex-col gap-4 rounded-md border p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("setup.title")}
      </h2>
      {body}
    </section>
  );
}
