import { useTranslation } from "react-i18next";
import { AlertCircle, RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

export interface SaveErrorState {
  message: string;
  details: string;
}

interface SaveErrorDialogProps {
  error: SaveErrorState | null;
  isEdit: boolean;
  retrying: boolean;
  onRetry: () => void;
  onBack: () => void;
}

/** 'Erro ao criar aplicativo' (spec 000 §8): the translated cause, the raw details, retry and back. */
export function SaveErrorDialog({ error, isEdit, retrying, onRetry, onBack }: SaveErrorDialogProps) {
  const { t } = useTranslation("designer");
  return (
    <Dialog open={error !== null} onOpenChange={(open) => (open ? undefined : onBack())}>
      <DialogContent hideClose className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 text-destructive">
            <AlertCircle className="size-5" aria-hidden />
            {t(isEdit ? "saveErrors.titleEdit" : "saveErrors.title")}
          </DialogTitle>
          <DialogDescription className="text-foreground">{error?.message}</DialogDescription>
        </DialogHeader>
        {error?.details ? (
          <details className="rounded-md border bg-muted/50 text-sm">
            <summary className="cursor-pointer px-3 py-2 font-medium">{t("saveErrors.details")}</summary>
            <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words px-3 pb-3 font-mono text-xs text-muted-foreground">
              {error.details}
            </pre>
          </details>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onBack}>
            {t("saveErrors.back")}
          </Button>
          <Button onClick={onRetry} loading={retrying}>
            {retrying ? null : <RotateCcw aria-hidden />}
            {t("saveErrors.retry")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
