import { useCallback, useEffect, useRef, useState } from "react";
import { AreaStore, type SavedArea, type TileOrigin } from "../../../offline/map-tiles/area-store.ts";
import { downloadArea, type DownloadProgress } from "../../../offline/map-tiles/area-download.ts";
import { tileFetcher } from "../../../offline/map-tiles/tile-fetcher.ts";
import { countTiles, tileRanges, type Bbox } from "../../../../shared/map/offline-area.ts";

export interface AreaRequest {
  name: string;
  bbox: Bbox;
  minZoom: number;
  maxZoom: number;
  origin: TileOrigin;
  teamAreaId?: string;
}

export interface ActiveDownload extends DownloadProgress {
  areaId: string;
}

const store = new AreaStore();

/**
 * The device's saved areas and the one download running. Only one at a time: a phone's connection is the bottleneck,
 * and a second area would only slow the first. A download stopped by a reload stays listed as interrupted and
 * resumes where it was.
 */
export function useSavedAreas() {
  const [areas, setAreas] = useState<SavedArea[] | null>(null);
  const [active, setActive] = useState<ActiveDownload | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const running = useRef<{ areaId: string; done: Promise<void> } | null>(null);

  const refresh = useCallback(async () => setAreas(await store.list()), []);
  useEffect(() => {
    void store.list().then(setAreas);
    return () => controller.current?.abort();
  }, []);

  const download = useCallback(
    async (area: SavedArea) => {
      controller.current?.abort();
      await running.current?.done;
      const abort = new AbortController();
      controller.current = abort;
      setFailed(null);
      setActive({ areaId: area.id, storedTiles: area.storedTiles, tileCount: area.tileCount, bytes: area.bytes });
      try {
        await downloadArea(store, area, tileFetcher(area.origin), {
          signal: abort.signal,
          onProgress: (progress) => setActive({ areaId: area.id, ...progress }),
        });
      } catch (error) {
        if (!abort.signal.aborted) setFailed(area.id);
        if (!abort.signal.aborted) console.warn("offline area download stopped", error);
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setActive(null);
        }
        await refresh();
      }
    },
    [refresh],
  );

  const run = useCallback(
    (area: SavedArea) => {
      const done = download(area);
      running.current = { areaId: area.id, done };
      return done;
    },
    [download],
  );

  const start = useCallback(
    async (request: AreaRequest) => {
      const area: SavedArea = {
        ...request,
        id: crypto.randomUUID(),
        tileCount: countTiles(tileRanges(request.bbox, request.minZoom, request.maxZoom)),
        storedTiles: 0,
        bytes: 0,
        status: "downloading",
        createdAt: new Date().toISOString(),
      };
      await store.save(area);
      await refresh();
      await run(area);
    },
    [refresh, run],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  const remove = useCallback(
    async (id: string) => {
      // A download writes its bookkeeping as it stops: it must have stopped before the cache goes, or it would recreate it.
      if (running.current?.areaId === id) {
        controller.current?.abort();
        await running.current.done;
      }
      await store.delete(id);
      await refresh();
    },
    [refresh],
  );

  return { areas, active, failed, start, resume: run, cancel, remove };
}
