import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Play, Trash2, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { formatStorage } from "../../../lib/format-storage.ts";
import type { SavedArea } from "../../../offline/map-tiles/area-store.ts";
import type { ActiveDownload } from "./use-saved-areas.ts";

interface SavedAreaListProps {
  areas: readonly SavedArea[];
  active: ActiveDownload | null;
  failed: string | null;
  onResume(area: SavedArea): void;
  onCancel(): void;
  onDelete(id: string): Promise<void>;
}

/** The areas on this phone: size, zooms, a progress bar while one downloads, and resume / cancel / delete. */
export function SavedAreaList({ areas, active, failed, onResume, onCancel, onDelete }: SavedAreaListProps) {
  const { t, i18n } = useTranslation("offline-maps");
  const [deleting, setDeleting] = useState<SavedArea | null>(null);
  const [busy, setBusy] = useState(false);
  if (!areas.length) return <p className="text-sm text-muted-foreground">{t("list.empty")}</p>;
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={t("list.title")}>
        {areas.map((area) => {
          const running = active?.areaId === area.id ? active : null;
          const shown = running ?? area;
          return (
            <li
              key={area.id}
              className="flex flex-col gap-2 rounded-md border border-border p-3"
              data-testid="offline-area"
              data-status={running ? "downloading" : area.status}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{area.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t("list.details", {
                      min: area.minZoom,
                      max: area.maxZoom,
                      count: area.tileCount,
                      size: formatStorage(shown.bytes, i18n.language),
                    })}
                  </p>
                </div>
                <div className="flex gap-2">
                  {running ? (
                    <Button type="button" variant="outline" size="sm" onClick={onCancel}>
                      <X aria-hidden />
                      {t("list.cancel")}
                    </Button>
                  ) : area.status === "downloading" ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => onResume(area)}
                      disabled={active !== null}
                    >
                      <Play aria-hidden />
                      {t("list.resume")}
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeleting(area)}
                    aria-label={t("list.delete", { name: area.name })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              {running || area.status === "downloading" ? (
                <div className="flex flex-col gap-1">
                  <Progress
                    value={shown.storedTiles}
                    max={shown.tileCount}
                    aria-label={t("list.progressLabel", { name: area.name })}
                  />
                  <p className="text-xs text-muted-foreground" data-testid="offline-area-progress">
                    {running
                      ? t("list.progress", { done: shown.storedTiles, count: shown.tileCount })
                      : failed === area.id
                        ? t("list.failed", { done: shown.storedTiles, count: shown.tileCount })
                        : t("list.interrupted", { done: shown.storedTiles, count: shown.tileCount })}
                  </p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmActionDialog
        open={deleting !== null}
        title={t("delete.title")}
        description={t("delete.description", { name: deleting?.name ?? "" })}
        confirmLabel={t("delete.confirm")}
        busyLabel={t("delete.busy")}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setBusy(true);
          void onDelete(deleting.id).finally(() => {
            setBusy(false);
            setDeleting(null);
          });
        }}
      />
    </>
  );
}
