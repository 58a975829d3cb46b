import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CACHE_SETTINGS_KEY,
  DEFAULT_CACHE_SETTINGS,
  readCacheSettings,
  subscribeCacheSettings,
  writeCacheSettings,
} from "./cache-settings.ts";

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal("window", new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cache settings", () => {
  it("has the spec's defaults", () => {
    expect(readCacheSettings()).toEqual({
      autoCleanAfterSync: true,
      retentionDays: 7,
      keepSyncedDataDays: 30,
      autoCleanApps: true,
      autoCleanAppsDays: 14,
    });
  });

  it("resets invalid JSON or a non-object to the defaults", () => {
    localStorage.setItem(CACHE_SETTINGS_KEY, "{not json");
    expect(readCacheSettings()).toEqual(DEFAULT_CACHE_SETTINGS);
    expect(JSON.parse(localStorage.getItem(CACHE_SETTINGS_KEY) ?? "")).toEqual(DEFAULT_CACHE_SETTINGS);
    localStorage.setItem(CACHE_SETTINGS_KEY, "[1,2]");
    expect(readCacheSettings()).toEqual(DEFAULT_CACHE_SETTINGS);
  });

  it("keeps valid values and replaces only the invalid ones", () => {
    localStorage.setItem(
      CACHE_SETTINGS_KEY,
      JSON.stringify({ autoCleanAfterSync: false, keepSyncedDataDays: "lots", autoCleanAppsDays: 90 }),
    );
    expect(readCacheSettings()).toEqual({
      ...DEFAULT_CACHE_SETTINGS,
      autoCleanAfterSync: false,
      autoCleanAppsDays: 90,
    });
  });

  it("holds each number of days to whole days within its range, and drops keys it does not know", () => {
    localStorage.setItem(
      CACHE_SETTINGS_KEY,
      JSON.stringify({
        retentionDays: 0,
        keepSyncedDataDays: 3651,
        autoCleanAppsDays: 0,
        autoCleanApps: "no",
        extra: 1,
      }),
    );
    expect(readCacheSettings()).toEqual({ ...DEFAULT_CACHE_SETTINGS, retentionDays: 0 });
    localStorage.setItem(CACHE_SETTINGS_KEY, JSON.stringify({ retentionDays: 1.5, keepSyncedDataDays: 3650 }));
    expect(readCacheSettings()).toEqual({ ...DEFAULT_CACHE_SETTINGS, keepSyncedDataDays: 3650 });
    expect(writeCacheSettings({ autoCleanAppsDays: -3 }).autoCleanAppsDays).toBe(
      DEFAULT_CACHE_SETTINGS.autoCleanAppsDays,
    );
  });

  it("stores changes and tells subscribers", () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeCacheSettings(onChange);
    expect(writeCacheSettings({ keepSyncedDataDays: 7 })).toMatchObject({
      keepSyncedDataDays: 7,
      autoCleanAfterSync: true,
    });
    expect(readCacheSettings().keepSyncedDataDays).toBe(7);
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
