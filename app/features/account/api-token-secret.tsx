import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { toast } from "../../lib/toast.ts";
import { Alert, AlertDescription } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";

/** The new token's secret, shown this once, with a copy button. */
export function ApiTokenSecret({ token }: { token: string }) {
  const { t } = useTranslation("api-tokens");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      toast.success(t("created.copied"));
    } catch {
      toast.error(t("created.copyFailed"));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <Alert variant="warning">
        <TriangleAlert aria-hidden />
        <AlertDescription>{t("created.warning")}</AlertDescription>
      </Alert>
      <div className="flex gap-2">
        <Input
          readOnly
          value={token}
          aria-label={t("created.secretLabel")}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t("created.copy")}
        </Button>
      </div>
    </div>
  );
}
