import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CONNECTIVITY_CHECK_INTERVAL_MS,
  CONNECTIVITY_CHECK_TIMEOUT_MS,
  CONNECTIVITY_RESTORE_DELAY_MS,
  ConnectivityMonitor,
  type ConnectivityEnvironment,
} from "./connectivity-monitor.ts";

interface FakeNetwork {
  env: ConnectivityEnvironment;
  fetch: ReturnType<typeof vi.fn<ConnectivityEnvironment["fetch"]>>;
  restored: ReturnType<typeof vi.fn<() => void>>;
  setNavigatorOnline: (online: boolean) => void;
  goOnline: () => void;
  goOffline: () => void;
}

function fakeNetwork(initiallyOnline: boolean): FakeNetwork {
  let navigatorOnline = initiallyOnline;
  let handlers: { online: () => void; offline: () => void } | null = null;
  const fetch = vi.fn<ConnectivityEnvironment["fetch"]>(async () => new Response("{}", { status: 200 }));
  const restored = vi.fn<() => void>();
  return {
    fetch,
    restored,
    env: {
      navigatorOnline: () => navigatorOnline,
      fetch,
      now: () => 1234,
      listen: (online, offline) => {
        handlers = { online, offline };
        return () => (handlers = null);
      },
      announceRestored: restored,
    },
    setNavigatorOnline: (online) => (navigatorOnline = online),
    goOnline: () => {
      navigatorOnline = true;
      handlers?.online();
    },
    goOffline: () => {
      navigatorOnline = false;
      handlers?.offline();
    },
  };
}

describe("ConnectivityMonitor", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("checks the server at start with a cache-busting, uncached request", async () => {
    const network = fakeNetwork(true);
    const monitor = new ConnectivityMonitor(network.env);
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(network.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = network.fetch.mock.calls[0]!;
    expect(url).toBe("/connectivity-check?ts=1234");
    expect(init.cache).toBe("no-store");
    expect(monitor.isOnline()).toBe(true);
    monitor.stop();
  });

  it("is offline when the server does not answer, although the browser says online", async () => {
    const network = fakeNetwork(true);
    network.fetch.mockRejectedValue(new TypeError("Failed to fetch"));
    const monitor = new ConnectivityMonitor(network.env);
    const changed = vi.fn();
    monitor.subscribe(changed);
    expect(await monitor.check()).toBe(false);
    expect(monitor.isOnline()).toBe(false);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("gives up on a check after 5 s", async () => {
    const network = fakeNetwork(true);
    network.fetch.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const monitor = new ConnectivityMonitor(network.env);
    const result = monitor.check();
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS - 1);
    expect(monitor.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(false);
  });

  it("does not ask the server while the browser knows it is offline", async () => {
    const network = fakeNetwork(false);
    const monitor = new ConnectivityMonitor(network.env);
    expect(await monitor.check()).toBe(false);
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it("re-checks every 30 s", async () => {
    const network = fakeNetwork(true);
    const monitor = new ConnectivityMonitor(network.env);
    monitor.start();
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_INTERVAL_MS * 2);
    expect(network.fetch).toHaveBeenCalledTimes(3);
    monitor.stop();
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_INTERVAL_MS);
    expect(network.fetch).toHaveBeenCalledTimes(3);
  });

  it("goes offline at once on the browser's offline event, and back 1 s after 'online' with a restored event", async () => {
    const network = fakeNetwork(true);
    const monitor = new ConnectivityMonitor(network.env);
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    network.goOffline();
    expect(monitor.isOnline()).toBe(false);

    network.goOnline();
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_RESTORE_DELAY_MS - 1);
    expect(monitor.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(monitor.isOnline()).toBe(true);
    expect(network.restored).toHaveBeenCalledTimes(1);
    monitor.stop();
  });

  it("announces no restoration when it never was offline", async () => {
    const network = fakeNetwork(true);
    const monitor = new ConnectivityMonitor(network.env);
    monitor.start();
    network.goOnline();
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_RESTORE_DELAY_MS);
    expect(network.restored).not.toHaveBeenCalled();
    monitor.stop();
  });

  it("treats an error answer (e.g. a captive portal or a broken proxy) as offline", async () => {
    const network = fakeNetwork(true);
    network.fetch.mockResolvedValue(new Response("bad gateway", { status: 502 }));
    const monitor = new ConnectivityMonitor(network.env);
    expect(await monitor.check()).toBe(false);
    network.fetch.mockResolvedValue(new Response("{}", { status: 200 }));
    expect(await monitor.check()).toBe(true);
    expect(network.restored).toHaveBeenCalledTimes(1);
  });
});
