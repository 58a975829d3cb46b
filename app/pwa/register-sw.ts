import { killSwitchRequested, SW_DISABLE_KEY } from "./kill-switch.ts";

const SW_URL = "/sw.js";

function readStoredFlag(): string | null {
  try {
    return localStorage.getItem(SW_DISABLE_KEY);
  } catch {
    // Storage blocked (private mode, policy): the query parameter still works.
    return null;
  }
}

/** Removes every worker of this origin and every Cache Storage entry; IndexedDB (the outbox) is left alone. */
export async function disableServiceWorkers(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}

/**
 * The update toast's code (i18n, sonner) is loaded only when an update waits: the prerendered landing registers the
 * worker before the app's own code is there, and must not pull it in for that.
 */
function offerUpdate(worker: ServiceWorker): void {
  import("./offer-update.ts")
    .then(({ offerUpdate: offer }) => offer(worker))
    .catch((error: unknown) => console.error("Service worker update offer failed", error));
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // A worker is only an "update" when another one already controls the page; the very first install is not.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  });
}

/** After an update takes over (here or in another tab) the page reloads once, so code and cache match again. */
function reloadWhenControllerChanges(): void {
  if (!navigator.serviceWorker.controller) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
}

/** Once a worker is active, a page it did not take over (see CLAIM in sw.ts) asks to be claimed. */
async function claimWhenActive(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: "CLAIM" });
}

async function register(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: "/" });
    watchForUpdates(registration);
    await claimWhenActive();
  } catch (error) {
    // Spec 001 §8: a registration failure is only logged; the app works online without a worker.
    console.error("Service worker registration failed", error);
  }
}

/** Registers /sw.js once the page has loaded, unless the kill switch is on (then it removes workers and caches). */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  if (killSwitchRequested(window.location.search, readStoredFlag())) {
    disableServiceWorkers().catch((error: unknown) => console.error("Service worker kill switch failed", error));
    return;
  }
  reloadWhenControllerChanges();
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
