import { tileRanges, tilesOf } from "../../../shared/map/offline-area.ts";
import { tileJsonKey, tileKey, type AreaStore, type SavedArea } from "./area-store.ts";
import type { TileFetcher } from "./tile-fetcher.ts";
import { forEachInParallel } from "../../lib/for-each-in-parallel.ts";

export interface DownloadProgress {
  storedTiles: number;
  tileCount: number;
  bytes: number;
}

/** Tiles fetched at once: enough to hide a phone network's latency, few enough not to starve the map's own requests. */
const PARALLEL = 6;
/** The area's bookkeeping is written every this many tiles, so a reload resumes with a near-exact count. */
const SAVE_EVERY = 25;

/**
 * Downloads the tiles of an area that its cache does not hold yet, lowest zoom first. Stopping (the signal, a reload,
 * the network gone) loses nothing stored: calling it again fetches only the rest. Ends with the area complete, or
 * throws the abort or the first failure after saving what was counted.
 */
export async function downloadArea(
  store: AreaStore,
  area: SavedArea,
  fetcher: TileFetcher,
  { signal, onProgress }: { signal: AbortSignal; onProgress(progress: DownloadProgress): void },
): Promise<SavedArea> {
  const stored = await store.storedKeys(area.id);
  const current: SavedArea = { ...area, status: "downloading" };
  if (area.origin.kind === "pmtiles" && !stored.has(tileJsonKey(area.origin.url)))
    await store.putJson(area.id, tileJsonKey(area.origin.url), await fetcher.tileJson());
  const pending = [...tilesOf(tileRanges(area.bbox, area.minZoom, area.maxZoom))].filter(
    ({ z, x, y }) => !stored.has(tileKey(area.origin, z, x, y)),
  );
  current.storedTiles = current.tileCount - pending.length;
  const report = () =>
    onProgress({ storedTiles: current.storedTiles, tileCount: current.tileCount, bytes: current.bytes });
  report();
  let sinceSave = 0;
  // Every lane settles before the count is saved, so a stopped download's bookkeeping matches its cache exactly.
  try {
    await forEachInParallel(pending, PARALLEL, async ({ z, x, y }) => {
      signal.throwIfAborted();
      const tile = await fetcher.tile(z, x, y, signal);
      if (tile) await store.putTile(area.id, tileKey(area.origin, z, x, y), tile.bytes, tile.contentType);
      current.storedTiles++;
      current.bytes += tile?.bytes.byteLength ?? 0;
      report();
      if (++sinceSave >= SAVE_EVERY) {
        sinceSave = 0;
        await store.save(current);
      }
    });
  } finally {
    await store.save(current);
  }
  const complete: SavedArea = { ...current, status: "complete" };
  await store.save(complete);
  return complete;
}
