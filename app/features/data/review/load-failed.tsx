import { useTranslation } from "react-i18next";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";

/** A review section that could not load: what failed, and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation("review");
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertDescription className="flex flex-wrap items-center gap-2">
        {message}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t("retry")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
