import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { requestPersistentStorage } from "../../../offline/persistent-storage.ts";
import { AreaStore, tileJsonKey, totalAreaBytes } from "../../../offline/map-tiles/area-store.ts";
import { tileFetcher } from "../../../offline/map-tiles/tile-fetcher.ts";
import { OFFLINE_MAX_ZOOM } from "../../../../shared/map/offline-area.ts";
import { runtimeConfigQuery } from "../../../components/map/use-base-map.ts";
import { AreaForm, DownloadButton, type AreaChoice } from "./area-form.tsx";
import { SavedAreaList } from "./saved-area-list.tsx";
import { StorageSummary } from "./storage-summary.tsx";
import { baseMapOf, lastAreaOriginKey, tileOriginOf } from "./tile-origin.ts";
import type { TileOrigin } from "../../../offline/map-tiles/area-store.ts";
import { useSavedAreas } from "./use-saved-areas.ts";
import { useTeamAreas } from "./team-areas-api.ts";
import { TeamAreas } from "./team-areas.tsx";
import { TeamLayersCard } from "./team-layers-card.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Users } from "lucide-react";

/**
 * /offline-maps — 'Mapas offline' (docs/decisions.md): base map areas saved on this phone for the field, where the
 * collect, question and data maps find their tiles without a signal.
 */
export default function OfflineMapsPage() {
  const { t } = useTranslation("offline-maps");
  const saved = useSavedAreas();
  const [persistRefused, setPersistRefused] = useState(false);
  const config = useQuery({ ...runtimeConfigQuery, retry: false });
  const offlineKey = lastAreaOriginKey(saved.areas);
  const offlineBaseMap = useMemo(() => {
    const origin = JSON.parse(offlineKey) as TileOrigin | null;
    return origin ? baseMapOf(origin) : null;
  }, [offlineKey]);
  const baseMap = config.data?.baseMap ?? offlineBaseMap;
  const origin = baseMap ? tileOriginOf(baseMap, window.location.origin) : null;
  const sourceMaxZoom = useQuery({
    queryKey: ["offline-maps", "max-zoom", origin],
    queryFn: async () => {
      if (!origin) return OFFLINE_MAX_ZOOM;
      // Offline the archive's header is out of reach: the copy kept with the saved areas says the same.
      const tileJson = (await tileFetcher(origin)
        .tileJson()
        .catch(async () =>
          origin.kind === "pmtiles" ? (await new AreaStore().match(tileJsonKey(origin.url)))?.json() : null,
        )) as {
        maxzoom?: number;
      } | null;
      return Math.min(OFFLINE_MAX_ZOOM, tileJson?.maxzoom ?? OFFLINE_MAX_ZOOM);
    },
    enabled: origin !== null,
    staleTime: Infinity,
    retry: false,
  });

  const [chosenApplication, setChosenApplication] = useState<string | null>(null);
  const team = useTeamAreas(chosenApplication);
  const applicationId = team.applicationId;
  const application = team.applications.data?.find((candidate) => candidate.id === applicationId);

  const download = async (choice: AreaChoice & { teamAreaId?: string }) => {
    if (!origin) return;
    // Saved maps are worth keeping under storage pressure: ask once, and say so when the browser refuses.
    setPersistRefused(!(await requestPersistentStorage()));
    await saved.start({ ...choice, origin });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {saved.areas === null || (config.isPending && !baseMap) ? (
        <Skeleton className="h-[50vh] w-full" />
      ) : !baseMap || !origin ? (
        <Card>
          <CardContent className="pt-6 text-sm text-muted-foreground">
            {config.isError ? t("noConfigOffline") : t("packagedOnly")}
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t("form.title")}</CardTitle>
            <CardDescription>{t("form.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <AreaForm
              baseMap={baseMap}
              origin={origin}
              areas={saved.areas}
              maxZoom={sourceMaxZoom.data ?? OFFLINE_MAX_ZOOM}
              busy={saved.active !== null}
            >
              {(choice) => (
                <div className="flex flex-wrap gap-2">
                  <DownloadButton choice={choice} onDownload={(chosen) => void download(chosen)} />
                  {application?.capabilities.canEdit ? (
                    <Button
                      type="button"
                      size="lg"
                      variant="outline"
                      disabled={!choice || team.create.isPending}
                      onClick={() => choice && team.create.mutate(choice)}
                    >
                      <Users aria-hidden />
                      {t("team.define", { application: application.name })}
                    </Button>
                  ) : null}
                </div>
              )}
            </AreaForm>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t("list.title")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SavedAreaList
            areas={saved.areas ?? []}
            active={saved.active}
            failed={saved.failed}
            onResume={(area) => void saved.resume(area)}
            onCancel={saved.cancel}
            onDelete={saved.remove}
          />
          <StorageSummary areaBytes={totalAreaBytes(saved.areas ?? [])} persistRefused={persistRefused} />
        </CardContent>
      </Card>
      {team.applications.data ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("team.title")}</CardTitle>
            <CardDescription>{t("team.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <TeamAreas
              applications={team.applications.data}
              applicationId={applicationId}
              onApplication={setChosenApplication}
              areas={team.areas.data}
              saved={saved.areas ?? []}
              origin={origin}
              busy={saved.active !== null}
              onDownload={(area) =>
                void download({
                  name: area.name,
                  bbox: area.bbox,
                  minZoom: area.minZoom,
                  maxZoom: area.maxZoom,
                  teamAreaId: area.id,
                })
              }
              onRemove={(area) => team.remove.mutate(area.id)}
            />
          </CardContent>
        </Card>
      ) : null}
      {applicationId ? (
        <TeamLayersCard
          key={applicationId}
          applicationId={applicationId}
          canEdit={application?.capabilities.canEdit === true}
        />
      ) : null}
    </div>
  );
}
