import type { Bbox } from "../../../shared/map/offline-area.ts";

/** Where a saved area's tiles came from: the PMTiles archive or the raster tile URL the server configured. */
export type TileOrigin = { kind: "pmtiles"; url: string } | { kind: "raster"; tileUrl: string };

export type AreaStatus = "downloading" | "complete";

/** What the device knows of one saved area; its tiles sit beside it in the same cache. */
export interface SavedArea {
  id: string;
  name: string;
  bbox: Bbox;
  minZoom: number;
  maxZoom: number;
  origin: TileOrigin;
  /** Tiles planned (the whole box × zoom range) and tiles stored so far: a download resumes from the difference. */
  tileCount: number;
  storedTiles: number;
  bytes: number;
  status: AreaStatus;
  createdAt: string;
  /** Set when the area is one an admin defined for an application's team. */
  teamAreaId?: string;
}

/**
 * Saved areas live in the Cache API, one cache per area (decision in docs/decisions.md): a tile is a Response under
 * its own URL, which is what both MapLibre's protocol handler and a service worker look up; deleting an area is one
 * caches.delete; and the browser's persistent-storage grant covers it like IndexedDB. The area's description is one
 * more entry of its cache, so the list cannot disagree with the tiles.
 */
const CACHE_PREFIX = "campo-map-area-";
const MANIFEST_URL = "https://campo.offline/area.json";
/** The TileJSON of a PMTiles archive (its zooms and bounds), kept so the map opens offline without the header. */
export const tileJsonKey = (archiveUrl: string) => `${archiveUrl}/tile.json`;

/** The URL a tile is stored under: the raster tile's own URL, or the archive's URL followed by z/x/y. */
export function tileKey(origin: TileOrigin, z: number, x: number, y: number): string {
  if (origin.kind === "pmtiles") return `${origin.url}/${z}/${x}/${y}`;
  return origin.tileUrl.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
}

export class AreaStore {
  /** A test passes its own CacheStorage; the app uses the browser's, read when first needed. */
  constructor(private readonly injected?: CacheStorage) {}

  private get storage(): CacheStorage {
    return this.injected ?? caches;
  }

  private open(id: string): Promise<Cache> {
    return this.storage.open(CACHE_PREFIX + id);
  }

  async list(): Promise<SavedArea[]> {
    const names = (await this.storage.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
    const areas = await Promise.all(names.map((name) => this.get(name.slice(CACHE_PREFIX.length))));
    return areas
      .filter((area): area is SavedArea => area !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(id: string): Promise<SavedArea | undefined> {
    if (!(await this.storage.has(CACHE_PREFIX + id))) return undefined;
    const response = await (await this.open(id)).match(MANIFEST_URL);
    return response ? ((await response.json()) as SavedArea) : undefined;
  }

  async save(area: SavedArea): Promise<void> {
    const body = JSON.stringify(area);
    await (
      await this.open(area.id)
    ).put(MANIFEST_URL, new Response(body, { headers: { "Content-Type": "application/json" } }));
  }

  /** The keys already stored, so a resumed download skips them. */
  async storedKeys(id: string): Promise<Set<string>> {
    const requests = await (await this.open(id)).keys();
    return new Set(requests.map((request) => request.url).filter((url) => url !== MANIFEST_URL));
  }

  async putTile(id: string, key: string, bytes: ArrayBuffer, contentType: string): Promise<void> {
    await (await this.open(id)).put(key, new Response(bytes, { headers: { "Content-Type": contentType } }));
  }

  async putJson(id: string, key: string, value: unknown): Promise<void> {
    await (
      await this.open(id)
    ).put(key, new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } }));
  }

  async delete(id: string): Promise<void> {
    await this.storage.delete(CACHE_PREFIX + id);
  }

  /** A stored tile (or TileJSON) from any saved area; overlapping areas hold the same tile twice, either will do. */
  match(key: string): Promise<Response | undefined> {
    return this.storage.match(key);
  }
}

/** The bytes all saved areas take, as their own bookkeeping counts them (the browser's estimate covers the app too). */
export function totalAreaBytes(areas: readonly SavedArea[]): number {
  return areas.reduce((sum, area) => sum + area.bytes, 0);
}
