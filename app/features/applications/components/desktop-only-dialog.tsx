import { useTranslation } from "react-i18next";
import { Check, Monitor } from "lucide-react";
import { DESKTOP_ONLY_DIALOG, MOBILE_CAN_DO_KEYS } from "../../../../shared/capabilities/device-capabilities.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

/** 'Use um computador para criar seu app' (spec 000 §2): phones and the installed phone app cannot design forms. */
export function DesktopOnlyDialog({ open, onConfirm }: { open: boolean; onConfirm: () => void }) {
  const { t } = useTranslation("fields");
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onConfirm())}>
      <DialogContent hideClose className="max-w-sm">
        <DialogHeader className="items-center text-center sm:text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Monitor className="size-7" aria-hidden />
          </span>
          <DialogTitle className="leading-snug">{t(DESKTOP_ONLY_DIALOG.titleKey)}</DialogTitle>
          <DialogDescription>{t(DESKTOP_ONLY_DIALOG.messageKey)}</DialogDescription>
        </DialogHeader>
        <div className="rounded-md bg-muted/60 p-3">
          <p className="mb-2 text-sm font-medium">{t(MOBILE_CAN_DO_KEYS.titleKey)}</p>
          <ul className="flex flex-col gap-1.5">
            {MOBILE_CAN_DO_KEYS.itemKeys.map((key) => (
              <li key={key} className="flex items-center gap-2 text-sm">
                <Check className="size-4 text-primary" aria-hidden />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <DialogFooter>
          <Button className="w-full" onClick={onConfirm}>
            {t(DESKTOP_ONLY_DIALOG.confirmKey)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
