import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Alert, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

/** The new endpoint's secret, shown this once (the server never answers it again). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation("webhooks");
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    toast.success(t("secret.copied"));
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("secret.title")}</DialogTitle>
          <DialogDescription>{t("created")}</DialogDescription>
        </DialogHeader>
        <Alert variant="warning">
          <AlertTitle>{t("secret.once")}</AlertTitle>
        </Alert>
        <code
          data-testid="webhook-secret"
          className="block break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
        >
          {secret}
        </code>
        <DialogFooter>
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden />
            {t("secret.copy")}
          </Button>
          <Button onClick={onClose}>{t("secret.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
