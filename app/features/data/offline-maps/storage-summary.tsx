import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatStorage } from "../../../lib/format-storage.ts";
import { estimateStorage, type StorageEstimateInfo } from "../../../offline/persistent-storage.ts";

/**
 * What the saved areas take (their own count) and what the browser says the whole app uses of its quota, with the
 * persistence state: without it the browser may evict the maps (and unsynced records) when the phone runs short.
 */
export function StorageSummary({ areaBytes, persistRefused }: { areaBytes: number; persistRefused: boolean }) {
  const { t, i18n } = useTranslation("offline-maps");
  const [estimate, setEstimate] = useState<StorageEstimateInfo | null>(null);
  useEffect(() => {
    void estimateStorage().then(setEstimate);
  }, [areaBytes, persistRefused]);
  const size = (bytes: number) => formatStorage(bytes, i18n.language);
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="offline-storage">
      <p>{t("storage.areas", { size: size(areaBytes) })}</p>
      {estimate?.usage != null ? (
        <p className="text-muted-foreground">
          {estimate.quota != null
            ? t("storage.device", { used: size(estimate.usage), quota: size(estimate.quota) })
            : t("storage.deviceNoQuota", { used: size(estimate.usage) })}
        </p>
      ) : null}
      {estimate?.persisted ? (
        <p className="text-muted-foreground">{t("storage.persisted")}</p>
      ) : persistRefused ? (
        <p className="text-amber-700 dark:text-amber-400" role="status">
          {t("storage.persistRefused")}
        </p>
      ) : null}
    </div>
  );
}
