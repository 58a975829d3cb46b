import { describe, expect, it } from "vitest";
import { countTiles, tileRanges } from "../../../shared/map/offline-area.ts";
import { MemoryCacheStorage } from "../testing/memory-cache-storage.ts";
import { AreaStore, tileJsonKey, tileKey, totalAreaBytes, type SavedArea } from "./area-store.ts";
import { downloadArea, type DownloadProgress } from "./area-download.ts";
import type { TileFetcher } from "./tile-fetcher.ts";

const ARCHIVE = "https://maps.example.org/brasil.pmtiles";
const bbox = { west: -48, south: -16, east: -47.8, north: -15.7 };

function newArea(id: string, overrides: Partial<SavedArea> = {}): SavedArea {
  return {
    id,
    name: `Área ${id}`,
    bbox,
    minZoom: 8,
    maxZoom: 11,
    origin: { kind: "pmtiles", url: ARCHIVE },
    tileCount: countTiles(tileRanges(bbox, 8, 11)),
    storedTiles: 0,
    bytes: 0,
    status: "downloading",
    createdAt: `2026-11-27T08:00:0${id}.000Z`,
    ...overrides,
  };
}

/** Every tile is 100 bytes, except zoom 11's (0,0)-less sea tiles: here tile x odd at z 11 is absent from the archive. */
function fakeArchive(fetched: string[], stopAfter = Infinity, controller?: AbortController): TileFetcher {
  return {
    tile(z, x, y) {
      fetched.push(`${z}/${x}/${y}`);
      if (fetched.length >= stopAfter) controller?.abort();
      return Promise.resolve({
        bytes: new ArrayBuffer(z === 11 && x % 2 ? 0 : 100),
        contentType: "application/vnd.mapbox-vector-tile",
      });
    },
    tileJson: () => Promise.resolve({ tiles: [`pmtiles://${ARCHIVE}/{z}/{x}/{y}`], minzoom: 0, maxzoom: 15 }),
  };
}

describe("saving an area's tiles", () => {
  it("stores every tile of the box and zoom range with the archive's TileJSON, and counts the bytes", async () => {
    const store = new AreaStore(new MemoryCacheStorage());
    const area = newArea("1");
    await store.save(area);
    const fetched: string[] = [];
    const progress: DownloadProgress[] = [];
    const done = await downloadArea(store, area, fakeArchive(fetched), {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });

    expect(fetched).toHaveLength(area.tileCount);
    expect(done.status).toBe("complete");
    expect(done.storedTiles).toBe(area.tileCount);
    const emptyTiles = fetched.filter((key) => key.startsWith("11/") && Number(key.split("/")[1]) % 2).length;
    expect(done.bytes).toBe((area.tileCount - emptyTiles) * 100);
    expect(progress.at(-1)).toEqual({ storedTiles: area.tileCount, tileCount: area.tileCount, bytes: done.bytes });
    expect(await store.get("1")).toEqual(done);
    expect(await (await store.match(tileJsonKey(ARCHIVE)))?.json()).toMatchObject({ maxzoom: 15 });
    const [z, x, y] = fetched[0]!.split("/").map(Number) as [number, number, number];
    expect((await (await store.match(tileKey(area.origin, z, x, y)))?.arrayBuffer())?.byteLength).toBe(100);
  });

  it("resumes an interrupted download with only the tiles it lacks", async () => {
    const store = new AreaStore(new MemoryCacheStorage());
    const area = newArea("1");
    await store.save(area);
    const first: string[] = [];
    const controller = new AbortController();
    await expect(
      downloadArea(store, area, fakeArchive(first, 10, controller), {
        signal: controller.signal,
        onProgress: () => undefined,
      }),
    ).rejects.toThrow();

    // A reload: the area is read back from the store, still marked as downloading with what it had counted.
    const interrupted = await store.get("1");
    expect(interrupted?.status).toBe("downloading");
    expect(interrupted?.storedTiles).toBeGreaterThanOrEqual(10);
    expect(interrupted?.storedTiles).toBeLessThan(area.tileCount);

    const second: string[] = [];
    const done = await downloadArea(store, interrupted!, fakeArchive(second), {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(new Set([...first, ...second]).size).toBe(area.tileCount);
    expect(second.filter((key) => first.includes(key))).toEqual([]);
    expect(done.storedTiles).toBe(area.tileCount);
  });

  it("lists the areas with their sizes and deletes one with its tiles", async () => {
    const store = new AreaStore(new MemoryCacheStorage());
    const areas = [
      newArea("1"),
      newArea("2", { origin: { kind: "raster", tileUrl: "https://tiles.example.org/{z}/{x}/{y}.png" } }),
    ];
    for (const area of areas) {
      await store.save(area);
      await downloadArea(store, area, fakeArchive([]), {
        signal: new AbortController().signal,
        onProgress: () => undefined,
      });
    }
    const listed = await store.list();
    expect(listed.map((area) => area.id)).toEqual(["1", "2"]);
    expect(totalAreaBytes(listed)).toBe(listed[0]!.bytes + listed[1]!.bytes);
    expect(await store.match("https://tiles.example.org/8/93/139.png")).toBeDefined();

    await store.delete("2");
    expect((await store.list()).map((area) => area.id)).toEqual(["1"]);
    expect(await store.match("https://tiles.example.org/8/93/139.png")).toBeUndefined();
  });
});
