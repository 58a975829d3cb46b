/** Spec 001 §9: a real check times out after 5 s, runs every 30 s, and 1 s after the browser says it is back online. */
export const CONNECTIVITY_CHECK_TIMEOUT_MS = 5_000;
export const CONNECTIVITY_CHECK_INTERVAL_MS = 30_000;
export const CONNECTIVITY_RESTORE_DELAY_MS = 1_000;
/** Window event other parts (sync) listen for; sent only when the device really was offline before. */
export const CONNECTIVITY_RESTORED_EVENT = "connectivity-restored";

export interface ConnectivityEnvironment {
  /** navigator.onLine: false is certain, true only means "a network interface is up". */
  navigatorOnline: () => boolean;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  /** Subscribes to the browser's online/offline events; returns the unsubscribe function. */
  listen: (onOnline: () => void, onOffline: () => void) => () => void;
  announceRestored: () => void;
}

/**
 * Online/offline as the app should believe it: the browser's flag, confirmed by asking our own server
 * (`GET /connectivity-check?ts=`), because a connected Wi-Fi without internet still reports online.
 */
export class ConnectivityMonitor {
  private online: boolean;
  private readonly listeners = new Set<() => void>();
  private stopListening: (() => void) | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private restoreTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly env: ConnectivityEnvironment) {
    this.online = env.navigatorOnline();
  }

  isOnline = (): boolean => this.online;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.stopListening) return;
    this.stopListening = this.env.listen(
      () => {
        if (this.restoreTimer) clearTimeout(this.restoreTimer);
        this.restoreTimer = setTimeout(() => void this.check(), CONNECTIVITY_RESTORE_DELAY_MS);
      },
      () => this.setOnline(false),
    );
    this.interval = setInterval(() => void this.check(), CONNECTIVITY_CHECK_INTERVAL_MS);
    void this.check();
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    if (this.interval) clearInterval(this.interval);
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
    this.interval = null;
    this.restoreTimer = null;
  }

  /** Asks the server; resolves with the resulting state. */
  async check(): Promise<boolean> {
    if (!this.env.navigatorOnline()) {
      this.setOnline(false);
      return false;
    }
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), CONNECTIVITY_CHECK_TIMEOUT_MS);
    let reachable: boolean;
    try {
      const response = await this.env.fetch(`/connectivity-check?ts=${this.env.now()}`, {
        cache: "no-store",
        credentials: "omit",
        signal: controller.signal,
      });
      reachable = response.ok;
    } catch {
      reachable = false;
    } finally {
      clearTimeout(timeout);
    }
    this.setOnline(reachable);
    return reachable;
  }

  private setOnline(online: boolean): void {
    if (online === this.online) return;
    const wasOffline = !this.online;
    this.online = online;
    this.listeners.forEach((listener) => listener());
    if (online && wasOffline) this.env.announceRestored();
  }
}

export function browserConnectivityEnvironment(): ConnectivityEnvironment {
  return {
    navigatorOnline: () => navigator.onLine,
    fetch: (url, init) => fetch(url, init),
    now: () => Date.now(),
    listen: (onOnline, onOffline) => {
      window.addEventListener("online", onOnline);
      window.addEventListener("offline", onOffline);
      return () => {
        window.removeEventListener("online", onOnline);
        window.removeEventListener("offline", onOffline);
      };
    },
    announceRestored: () => window.dispatchEvent(new Event(CONNECTIVITY_RESTORED_EVENT)),
  };
}
