import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { Check, Copy, KeyRound } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { odataFeedPath } from "../../../../shared/integrations/odata.ts";

/** API tokens are made in the settings page's "Tokens de API" card. */
const TOKENS_PATH = "/settings";

interface OdataFeedDialogProps {
  applicationId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** "Feed OData": the application's live feed URL for Excel and Power BI, to copy, and where to get a token for it. */
export function OdataFeedDialog({ applicationId, open, onOpenChange }: OdataFeedDialogProps) {
  const { t } = useTranslation("odata");
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const url = `${window.location.origin}${odataFeedPath(applicationId)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setCopied(false);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor={inputId}>{t("urlLabel")}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button type="button" variant="outline" onClick={() => void copy()} aria-label={t("copy")}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              <span className="hidden sm:inline">{copied ? t("copiedShort") : t("copy")}</span>
            </Button>
          </div>
        </div>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>{t("steps.excel")}</li>
          <li>{t("steps.credentials")}</li>
        </ol>
        <Button asChild variant="secondary" className="self-start justify-self-start">
          <Link to={TOKENS_PATH}>
            <KeyRound aria-hidden /> {t("createToken")}
          </Link>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
