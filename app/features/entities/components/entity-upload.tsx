import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { ENTITY_UPLOAD_MAX_BYTES, type EntityRowError } from "../../../../shared/entities/entity-upload.ts";
import { useUploadEntities } from "../api/entity-page-api.ts";

/** Shown rows at most; the count says how many more there are. */
const SHOWN_ERRORS = 50;

function RowErrors({ errors }: { errors: EntityRowError[] }) {
  const { t } = useTranslation("entities");
  return (
    <div className="flex flex-col gap-1" role="alert">
      <p className="text-sm font-medium">{t("upload.rowErrorsTitle", { count: errors.length })}</p>
      <ul className="list-inside list-disc text-sm text-destructive">
        {errors.slice(0, SHOWN_ERRORS).map((error) => (
          <li key={`${error.row}-${error.column ?? ""}`}>
            {t("upload.rowError", {
              row: error.row,
              message: t(`upload.rowErrors.${error.code}`, { column: error.column ?? "" }),
            })}
          </li>
        ))}
      </ul>
      {errors.length > SHOWN_ERRORS ? (
        <p className="text-sm text-muted-foreground">
          {t("upload.moreErrors", { count: errors.length - SHOWN_ERRORS })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An administrator's CSV upload into the form's list: one row per entity, `label` and the properties in the
 * header, `name` to change an entity already there. Bad rows are listed by line; the good ones are stored.
 */
export function EntityUpload({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation("entities");
  const id = useId();
  const upload = useUploadEntities(applicationId);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > ENTITY_UPLOAD_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    upload.mutate(await file.text());
  };
  const result = upload.data;
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        {t("upload.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("upload.hint")}</p>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-file`}>{t("upload.file")}</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            upload.reset();
            setTooLarge(false);
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      {tooLarge ? (
        <p role="alert" className="text-sm text-destructive">
          {t("upload.tooLarge")}
        </p>
      ) : null}
      {upload.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorText(t, upload.error)}
        </p>
      ) : null}
      {result ? (
        <p role="status" className="text-sm">
          {t("upload.result", { created: result.created, updated: result.updated, unchanged: result.unchanged })}
        </p>
      ) : null}
      {result && result.errors.length > 0 ? <RowErrors errors={result.errors} /> : null}
      <Button type="submit" className="self-start" disabled={!file || upload.isPending}>
        {upload.isPending ? t("upload.sending") : t("upload.send")}
      </Button>
    </form>
  );
}
