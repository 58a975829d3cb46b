import { isInstalledDisplay } from "../components/routing/display-mode.ts";

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export type InstallStatus = "not-ready" | "installed" | "installable" | "not-installable";
export type InstallOutcome = "accepted" | "dismissed" | "unavailable";

interface InstallSnapshot {
  promptAvailable: boolean;
  /** The app was installed from this page (appinstalled), even though the tab itself still runs in the browser. */
  installedHere: boolean;
}

let snapshot: InstallSnapshot = { promptAvailable: false, installedHere: false };
let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<InstallSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

let capturing = false;

/**
 * Keeps Chromium's install prompt for our own button. Started before React renders: the event can fire
 * before the header mounts and is never sent again.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === "undefined") return;
  capturing = true;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    update({ promptAvailable: true });
  });
  window.addEventListener("appinstalled", () => {
    deferredPrompt = null;
    update({ promptAvailable: false, installedHere: true });
  });
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installSnapshot(): InstallSnapshot {
  return snapshot;
}

export function isAppInstalled(): boolean {
  return snapshot.installedHere || isInstalledDisplay();
}

/** Spec 001 §3/§4: not ready, installed, installable or not installable — in that order of precedence. */
export function installStatusOf(state: { isReady: boolean; isInstalled: boolean; canInstall: boolean }): InstallStatus {
  if (!state.isReady) return "not-ready";
  if (state.isInstalled) return "installed";
  return state.canInstall ? "installable" : "not-installable";
}

/** Shows the browser's install dialog; the saved event works once, so it is dropped whatever the answer. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferredPrompt;
  if (!event) return "unavailable";
  deferredPrompt = null;
  update({ promptAvailable: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "accepted") update({ installedHere: true });
  return outcome;
}

/** iPhone, iPod and iPad (iPadOS 13+ calls itself a Mac but has touch): no install prompt there, only Share → Home. */
export function isIosDevice(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === "MacIntel" && maxTouchPoints > 1);
}
