import { useTranslation } from "react-i18next";
import { Download, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { controlClasses } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatStorage } from "../../../lib/format-storage.ts";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import { countTiles, estimateBytes, tileRanges, type TeamOfflineAreaDto } from "../../../../shared/map/offline-area.ts";
import type { SavedArea, TileOrigin } from "../../../offline/map-tiles/area-store.ts";

interface TeamAreasProps {
  applications: readonly ApplicationSummary[];
  applicationId: string | null;
  onApplication(id: string): void;
  areas: readonly TeamOfflineAreaDto[] | undefined;
  saved: readonly SavedArea[];
  origin: TileOrigin | null;
  busy: boolean;
  onDownload(area: TeamOfflineAreaDto): void;
  onRemove(area: TeamOfflineAreaDto): void;
}

/**
 * Areas an application's administrators defined for its team: a collector downloads each on the phone in one tap
 * (already saved ones say so); an administrator also removes them. Defining one is the area form's second button.
 */
export function TeamAreas({
  applications,
  applicationId,
  onApplication,
  areas,
  saved,
  origin,
  busy,
  onDownload,
  onRemove,
}: TeamAreasProps) {
  const { t, i18n } = useTranslation("offline-maps");
  const application = applications.find((candidate) => candidate.id === applicationId);
  if (!applications.length) return <p className="text-sm text-muted-foreground">{t("team.noApplications")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="offline-team-application">{t("team.application")}</Label>
        <select
          id="offline-team-application"
          className={cn(controlClasses, "h-10")}
          value={applicationId ?? ""}
          onChange={(event) => onApplication(event.target.value)}
        >
          {applications.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      {areas === undefined ? null : areas.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("team.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t("team.title")}>
          {areas.map((area) => {
            const tiles = countTiles(tileRanges(area.bbox, area.minZoom, area.maxZoom));
            const onPhone = saved.some((candidate) => candidate.teamAreaId === area.id);
            return (
              <li
                key={area.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
                data-testid="team-offline-area"
              >
                <div className="min-w-0">
                  <p className="font-medium">{area.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t("list.details", {
                      min: area.minZoom,
                      max: area.maxZoom,
                      count: tiles,
                      size: formatStorage(estimateBytes(tiles, origin?.kind ?? "pmtiles"), i18n.language),
                    })}
                  </p>
                </div>
                <div className="flex gap-2">
                  {onPhone ? (
                    <span className="text-sm text-muted-foreground">{t("team.onPhone")}</span>
                  ) : (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={busy || !origin}
                      onClick={() => onDownload(area)}
                    >
                      <Download aria-hidden />
                      {t("team.download")}
                    </Button>
                  )}
                  {application?.capabilities.canEdit ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => onRemove(area)}
                      aria-label={t("team.remove", { name: area.name })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
