import { useSyncExternalStore } from "react";

/** Same key and values as public/theme-boot.js, which applies the theme before React loads. */
export const THEME_STORAGE_KEY = "campo_theme";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isTheme(value: string | null): value is Theme {
  return value !== null && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : "system";
  } catch {
    return "system";
  }
}

function systemPrefersDark(): boolean {
  return (
    typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches
  );
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === "system") return prefersDark ? "dark" : "light";
  return theme;
}

function applyTheme(): void {
  document.documentElement.classList.toggle("dark", resolveTheme(readStoredTheme(), systemPrefersDark()) === "dark");
  listeners.forEach((listener) => listener());
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked (private mode): the choice still applies to this page.
  }
  applyTheme();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // "system" follows the operating system while the app is open; another tab's choice arrives as a storage event.
  const media = window.matchMedia?.(DARK_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme();
  };
  media?.addEventListener("change", applyTheme);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener("change", applyTheme);
    window.removeEventListener("storage", onStorage);
  };
}

function snapshot(): string {
  return `${readStoredTheme()}:${resolveTheme(readStoredTheme(), systemPrefersDark())}`;
}

/** The chosen theme (light, dark or system) and the one actually shown. */
export function useTheme(): { theme: Theme; resolvedTheme: ResolvedTheme; setTheme: (theme: Theme) => void } {
  const value = useSyncExternalStore(subscribe, snapshot, () => "system:light");
  const [theme, resolvedTheme] = value.split(":") as [Theme, ResolvedTheme];
  return { theme, resolvedTheme, setTheme };
}
