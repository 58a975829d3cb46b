import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RotateCcw, WifiOff } from "lucide-react";
import { connectivityMonitor } from "../lib/network-status.ts";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";

/**
 * What a screen shows for data the device does not keep, with no connection (see isUnavailableOffline). The retry
 * asks the server first: once it answers, paused reads resume on their own, and `onRetry` runs the failed ones again.
 */
export function OfflineUnavailable({
  onRetry,
  title,
  message,
}: {
  onRetry: () => unknown;
  /** A screen may say more precisely what is missing; the generic words otherwise. */
  title?: string;
  message?: string;
}) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    try {
      if (await connectivityMonitor().check()) await onRetry();
    } finally {
      setChecking(false);
    }
  };
  return (
    <Alert variant="warning">
      <WifiOff aria-hidden />
      <div className="flex flex-1 flex-col gap-2">
        <AlertTitle>{title ?? t("offline.unavailableTitle")}</AlertTitle>
        <AlertDescription>{message ?? t("offline.unavailable")}</AlertDescription>
        <div>
          <Button size="sm" variant="outline" onClick={() => void retry()} loading={checking}>
            {checking ? null : <RotateCcw aria-hidden />}
            {t("offline.retry")}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
