import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FileSpreadsheet, Trash2, Upload } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { choicesFileOf } from "../../../../shared/forms/file-choices.ts";
import { optionImageNames } from "../../../../shared/fields/option-images.ts";
import { useFormFileChanges, useFormFiles } from "../api/form-files-api.ts";

const ACCEPTED = ".csv,.geojson,.jpg,.jpeg,.png,.webp";

/**
 * "Arquivos do formulário": the CSV/GeoJSON tables choice lists and lookups read, and choice images. Uploading a
 * file of a name the form has replaces it; a file the fields name but the form lacks is listed as missing (the
 * form is incomplete until it is attached: its lists offer nothing).
 */
export function FormFilesPanel({
  applicationId,
  fields,
}: {
  applicationId: string;
  fields: readonly { config: object }[];
}) {
  const { t } = useTranslation(["designer", "errors"]);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const files = useFormFiles(applicationId);
  const { upload, remove } = useFormFileChanges(applicationId);
  const attached = new Set((files.data?.files ?? []).map((file) => file.name.toLowerCase()));
  const missing = [
    ...new Set(
      fields
        .flatMap((field) => [choicesFileOf(field) ?? [], optionImageNames(field.config)].flat())
        .filter((name) => !attached.has(name.toLowerCase())),
    ),
  ];
  const failure = upload.error ?? remove.error;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-md border px-3 py-2.5">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-medium">
        <FileSpreadsheet className="size-4" aria-hidden />
        {t("formFiles.title")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("formFiles.description")}</p>
      {missing.length > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {t("formFiles.missing", { names: missing.join(", ") })}
        </p>
      ) : null}
      <ul className="flex flex-col gap-1">
        {(files.data?.files ?? []).map((file) => (
          <li key={file.id} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-all">
              {file.name}
              <span className="ml-2 text-xs text-muted-foreground">
                {file.rowCount === null ? t("formFiles.image") : t("formFiles.rows", { count: file.rowCount })}
              </span>
            </span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={t("formFiles.remove", { name: file.name })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(file.id)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="sr-only"
        aria-label={t("formFiles.upload")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = "";
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden />
        {upload.isPending ? t("formFiles.uploading") : t("formFiles.upload")}
      </Button>
      <p className="text-xs text-muted-foreground">{t("formFiles.hint")}</p>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorText(t, failure)}
        </p>
      ) : null}
    </section>
  );
}
