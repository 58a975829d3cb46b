import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { AlertCircle, FileSpreadsheet } from "lucide-react";
import { ApiClientError } from "../../../lib/api-client.ts";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import type {
  XlsFormDuplicateNameDetails,
  XlsFormInvalidDetails,
  XlsFormIssue,
} from "../../../../shared/xlsform/xlsform-issues.ts";
import { useImportXlsForm } from "../api/xlsform-api.ts";

function issuesOf(error: unknown): XlsFormIssue[] {
  if (!(error instanceof ApiClientError) || error.code !== "XLSFORM_INVALID") return [];
  return (error.details as XlsFormInvalidDetails | undefined)?.issues ?? [];
}

/** The name the server found taken, or null when the error is another one. */
function takenName(error: unknown): string | null {
  if (!(error instanceof ApiClientError) || error.code !== "DUPLICATE_APPLICATION_NAME") return null;
  return (error.details as XlsFormDuplicateNameDetails | undefined)?.name ?? null;
}

/**
 * "Importar XLSForm": pick an .xlsx (or legacy .xls), upload it, open the new application or list each problem where it is. When
 * the form's name is already taken, a name field appears, filled with it, for the importer to change.
 */
export function XlsFormImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("xlsform");
  const navigate = useNavigate();
  const importing = useImportXlsForm();
  const [file, setFile] = useState<File | null>(null);
  /** Null until the form's own name turns out to be taken. */
  const [name, setName] = useState<string | null>(null);
  const inputId = useId();
  const issues = issuesOf(importing.error);
  const nameTaken = takenName(importing.error) !== null;

  /** An import that left something out: its notes stay on screen until the importer opens the form. */
  const [imported, setImported] = useState<{ id: string; notes: XlsFormIssue[] } | null>(null);

  const close = () => {
    setImported(null);
    importing.reset();
    setFile(null);
    setName(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    try {
      const created = await importing.mutateAsync({ file, name: name ?? undefined });
      toast.success(t("import.success"), { description: created.application.name });
      if (created.importNotes.length > 0) {
        setImported({ id: created.application.id, notes: created.importNotes });
        return;
      }
      close();
      await navigate(`/applications/${created.application.id}/edit`);
    } catch (error) {
      // The error stays on the mutation and is shown below; a taken name opens the name field with it.
      const taken = takenName(error);
      if (taken !== null && name === null) setName(taken);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t("import.title")}</DialogTitle>
            <DialogDescription>{t("import.description")}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>{t("import.file")}</Label>
            <Input
              id={inputId}
              type="file"
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              onChange={(event) => {
                importing.reset();
                setName(null);
                setFile(event.target.files?.[0] ?? null);
              }}
            />
          </div>
          {name !== null ? (
            <FormField
              label={t("import.name")}
              description={t("import.nameHint")}
              error={nameTaken ? apiErrorText(t, importing.error) : undefined}
              required
            >
              <Input value={name} onChange={(event) => setName(event.target.value)} />
            </FormField>
          ) : null}
          {importing.isError && !nameTaken ? (
            <Alert variant="destructive" role="alert">
              <AlertCircle aria-hidden />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <AlertTitle>{t("import.failed")}</AlertTitle>
                <AlertDescription>
                  {issues.length > 0 ? t("import.issuesTitle") : apiErrorText(t, importing.error)}
                </AlertDescription>
              </div>
            </Alert>
          ) : null}
          {issues.length > 0 ? <IssueTable issues={issues} caption={t("import.issuesTitle")} /> : null}
          {imported ? (
            <>
              <Alert role="status">
                <AlertCircle aria-hidden />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <AlertTitle>{t("import.success")}</AlertTitle>
                  <AlertDescription>{t("import.notesTitle")}</AlertDescription>
                </div>
              </Alert>
              <IssueTable issues={imported.notes} caption={t("import.notesTitle")} />
            </>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t("import.cancel")}
            </Button>
            {imported ? (
              <Button
                type="button"
                onClick={() => {
                  const id = imported.id;
                  close();
                  void navigate(`/applications/${id}/edit`);
                }}
              >
                {t("import.open")}
              </Button>
            ) : null}
            <Button
              type="submit"
              className={imported ? "hidden" : undefined}
              disabled={!file || name?.trim() === ""}
              loading={importing.isPending}
            >
              {importing.isPending ? null : <FileSpreadsheet aria-hidden />}
              {importing.isPending ? t("import.uploading") : t("import.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Problems or notes of an import, each at its sheet, row and column. */
function IssueTable({ issues, caption }: { issues: readonly XlsFormIssue[]; caption: string }) {
  const { t } = useTranslation("xlsform");
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm" aria-label={caption}>
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("import.sheet")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("import.row")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("import.column")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("import.problem")}
            </th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue, index) => (
            <tr key={index} className="border-t align-top">
              <td className="px-3 py-2 font-mono">{issue.sheet ?? "—"}</td>
              <td className="px-3 py-2 font-mono">{issue.row ?? "—"}</td>
              <td className="px-3 py-2 font-mono">{issue.column ?? "—"}</td>
              <td className="px-3 py-2">{t(issue.key, issue.params)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
