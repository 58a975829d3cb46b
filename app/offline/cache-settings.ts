export const CACHE_SETTINGS_KEY = "cache_settings";
export const KEEP_SYNCED_DATA_DAYS_OPTIONS = [0, 1, 7, 30] as const;
export const AUTO_CLEAN_APPS_DAYS_OPTIONS = [7, 30, 90] as const;

export interface CacheSettings {
  /** Drop a record from the device as soon as the server acknowledged it. */
  autoCleanAfterSync: boolean;
  /** Days a record the server kept as a conflict stays on the device for the user to see. */
  retentionDays: number;
  /** With autoCleanAfterSync off: days acknowledged records stay on the device (0 = drop at once). */
  keepSyncedDataDays: number;
  /** Drop cached applications not refreshed for autoCleanAppsDays. */
  autoCleanApps: boolean;
  autoCleanAppsDays: number;
}

/** Spec 001 §9. */
export const DEFAULT_CACHE_SETTINGS: Readonly<CacheSettings> = Object.freeze({
  autoCleanAfterSync: true,
  retentionDays: 7,
  keepSyncedDataDays: 30,
  autoCleanApps: true,
  autoCleanAppsDays: 14,
});

const MAX_DAYS = 3650;

function days(value: unknown, min: number, fallback: number): number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= MAX_DAYS
    ? (value as number)
    : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/**
 * Each setting falls back on its own, so one bad value does not reset the others. Checked by hand rather than with a
 * zod schema: every app page reads these settings as it opens, and zod's schema builders are not otherwise loaded there.
 */
function checkedSettings(value: Record<string, unknown>): CacheSettings {
  const defaults = DEFAULT_CACHE_SETTINGS;
  return {
    autoCleanAfterSync: flag(value.autoCleanAfterSync, defaults.autoCleanAfterSync),
    retentionDays: days(value.retentionDays, 0, defaults.retentionDays),
    keepSyncedDataDays: days(value.keepSyncedDataDays, 0, defaults.keepSyncedDataDays),
    autoCleanApps: flag(value.autoCleanApps, defaults.autoCleanApps),
    autoCleanAppsDays: days(value.autoCleanAppsDays, 1, defaults.autoCleanAppsDays),
  };
}

const CHANGE_EVENT = "campo:cache-settings";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored settings; missing, invalid JSON or not an object gives the defaults (spec 001 §3). */
export function readCacheSettings(): CacheSettings {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(CACHE_SETTINGS_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (!raw) return { ...DEFAULT_CACHE_SETTINGS };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return resetCacheSettings();
    return checkedSettings(parsed as Record<string, unknown>);
  } catch {
    return resetCacheSettings();
  }
}

export function writeCacheSettings(changes: Partial<CacheSettings>): CacheSettings {
  const next = checkedSettings({ ...readCacheSettings(), ...changes });
  persist(next);
  return next;
}

function resetCacheSettings(): CacheSettings {
  const defaults = { ...DEFAULT_CACHE_SETTINGS };
  persist(defaults);
  return defaults;
}

function persist(settings: CacheSettings): void {
  try {
    storage()?.setItem(CACHE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage blocked: the defaults apply for this visit.
  }
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls back when the settings change in this tab or another. */
export function subscribeCacheSettings(onChange: () => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === CACHE_SETTINGS_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
