import { Magnet } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SnappedTap } from "./geometry-map.tsx";

/** Says where the last tap snapped (read out by screen readers too); nothing when it did not snap. */
export function SnapNotice({ snapped }: { snapped: SnappedTap | null }) {
  const { t } = useTranslation("common");
  return (
    <p aria-live="polite" className="text-sm text-green-700 dark:text-green-400" data-testid="snap-notice">
      {snapped && (
        <>
          <Magnet className="mr-1 inline size-4" aria-hidden />
          {t(`teamLayers.snapped.${snapped.kind}`, { layer: snapped.layerName })}
        </>
      )}
    </p>
  );
}
