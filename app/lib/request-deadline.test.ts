import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTIVITY_CHECK_TIMEOUT_MS } from "./connectivity-monitor.ts";
import { READ_TIMEOUT_MS, readDeadline } from "./request-deadline.ts";

/** A connectivity monitor the test switches by hand. */
function fakeMonitor(initiallyOnline: boolean) {
  let online = initiallyOnline;
  const listeners = new Set<() => void>();
  return {
    isOnline: () => online,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean) {
      online = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

describe("readDeadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives up on a read that never answers while the server is believed reachable", () => {
    const { signal } = readDeadline(fakeMonitor(true));
    vi.advanceTimersByTime(READ_TIMEOUT_MS - 1);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
  });

  it("waits only the probe's timeout when the read starts with the server believed unreachable", () => {
    const { signal } = readDeadline(fakeMonitor(false));
    vi.advanceTimersByTime(CONNECTIVITY_CHECK_TIMEOUT_MS);
    expect(signal.aborted).toBe(true);
  });

  it("abandons the read the moment the monitor finds the server unreachable", () => {
    const monitor = fakeMonitor(true);
    const { signal } = readDeadline(monitor);
    monitor.set(true);
    expect(signal.aborted).toBe(false);
    monitor.set(false);
    expect(signal.aborted).toBe(true);
  });

  it("follows the caller's own cancellation, even one made before", () => {
    const caller = new AbortController();
    const { signal } = readDeadline(fakeMonitor(true), caller.signal);
    caller.abort();
    expect(signal.aborted).toBe(true);
    const cancelled = new AbortController();
    cancelled.abort();
    expect(readDeadline(fakeMonitor(true), cancelled.signal).signal.aborted).toBe(true);
  });

  it("stops watching once released: a finished read is never aborted later", () => {
    const monitor = fakeMonitor(true);
    const { signal, release } = readDeadline(monitor, undefined, 1000);
    release();
    expect(monitor.listeners.size).toBe(0);
    monitor.set(false);
    vi.advanceTimersByTime(1000);
    expect(signal.aborted).toBe(false);
  });
});
