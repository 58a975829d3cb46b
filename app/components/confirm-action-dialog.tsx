import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./ui/alert-dialog.tsx";

interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive confirmation (delete, clear data) that stays open, showing its busy state, until the request settles. */
export function ConfirmActionDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmActionDialogProps) {
  const { t } = useTranslation("common");
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("actions.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={(event) => {
              // Radix closes on click; the dialog closes itself once the request has settled instead.
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
