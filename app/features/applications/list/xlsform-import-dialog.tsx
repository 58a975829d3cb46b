import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import type { XlsFormInvalidDetails, XlsFormIssue } from "../../../../shared/xlsform/xlsform-issues.ts";
import { useImportXlsForm } from "../api/xlsform-api.ts";

function issuesOf(error: unknown): XlsFormIssue[] {
  if (!(error instanceof ApiClientError) || error.code !== "XLSFORM_INVALID") return [];
  return (error.details as XlsFormInvalidDetails | undefined)?.issues ?? [];
}

/** "Importar XLSForm": pick an .xlsx, upload it, open the new application or list each problem where it is. */
export function XlsFormImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("xlsform");
  const navigate = useNavigate();
  const importing = useImportXlsForm();
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  const issues = issuesOf(importing.error);

  const close = () => {
    importing.reset();
    setFile(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    try {
      const created = await importing.mutateAsync(file);
      toast.success(t("import.success"), { description: created.application.name });
      close();
      await navigate(`/applications/${created.application.id}/edit`);
    } catch {
      // The error stays on the mutation and is shown below.
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
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => {
                importing.reset();
                setFile(event.target.files?.[0] ?? null);
              }}
            />
          </div>
          {importing.isError ? (
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
          {issues.length > 0 ? (
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-left text-sm" aria-label={t("import.issuesTitle")}>
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
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t("import.cancel")}
            </Button>
            <Button type="submit" disabled={!file} loading={importing.isPending}>
              {importing.isPending ? null : <FileSpreadsheet aria-hidden />}
              {importing.isPending ? t("import.uploading") : t("import.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
