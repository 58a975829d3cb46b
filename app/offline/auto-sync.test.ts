import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOfflineDb } from "./db.ts";
import { saveToOutbox } from "./outbox.ts";
import { announcePlanChanged, AUTO_SYNC_PERIOD_MS, autoSyncBackoff, startAutoSync } from "./auto-sync.ts";
import type { SyncReport } from "./sync-report.ts";
import { FakeSyncServer } from "./testing/fake-sync-server.ts";

const APP = "9c5b94b1-35ad-49bb-b118-8e8fc24abf80";
let server: FakeSyncServer;
let stop: () => void = () => {};
const reports: SyncReport[] = [];
const givenUp: SyncReport[] = [];

/** Runs fake time forward in small steps, letting IndexedDB (on real setImmediate) keep up. */
async function advance(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 100) {
    await vi.advanceTimersByTimeAsync(100);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Waits with the clock standing still for what a run does on IndexedDB and the server, however slow the machine. Not
 * vi.waitFor: under fake timers it moves the clock on each check. The bound counts event-loop turns, not seconds.
 */
async function eventually(assertion: () => void): Promise<void> {
  for (let turn = 0; ; turn++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (turn >= 20_000) throw error;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Waits until auto-sync has scheduled its next run (a second timer beside the 5-minute check), then moves the clock
 * exactly to it. The clock stands still while a run works on IndexedDB, however slow the machine: moving it in steps
 * meanwhile made the measured backoffs longer than the engine's under load.
 */
async function toScheduledRun(): Promise<void> {
  await eventually(() => expect(vi.getTimerCount()).toBe(2));
  await vi.advanceTimersToNextTimerAsync();
}

function start() {
  stop = startAutoSync({
    userId: "u1",
    onReport: (report) => reports.push(report),
    onGiveUp: (report) => givenUp.push(report),
  });
}

beforeEach(async () => {
  closeOfflineDb();
  await Dexie.delete("campo-offline");
  reports.length = 0;
  givenUp.length = 0;
  server = new FakeSyncServer("u1");
  vi.stubGlobal("fetch", server.fetch);
  vi.stubGlobal("window", new EventTarget());
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("auto-sync", () => {
  it("backs off 1 s, 2 s, 4 s … up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(autoSyncBackoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("sends waiting records at start and reports the run", async () => {
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    start();
    await toScheduledRun();
    await eventually(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ synced: 1, manual: false });
  });

  it("does nothing at start when nothing waits", async () => {
    start();
    await advance(1000);
    expect(server.log).toEqual([]);
    expect(reports).toEqual([]);
  });

  it("syncs 500 ms after the connection comes back", async () => {
    start();
    await advance(200);
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    window.dispatchEvent(new Event("connectivity-restored"));
    await advance(400);
    expect(server.count("GET /api/me")).toBe(0);
    await toScheduledRun();
    await eventually(() => expect(server.count("POST /api/sync")).toBe(1));
  });

  it("retries 3 times with backoff while the server is unreachable, then gives up", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    server.failNext("/api/me", "network", 4);
    const checks: number[] = [];
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) => {
      if (input === "/api/me") checks.push(Date.now());
      return server.fetch(input, init);
    });
    start();
    for (let run = 0; run <= 3; run++) await toScheduledRun();
    await eventually(() => expect(givenUp).toHaveLength(1));
    expect(givenUp[0]).toMatchObject({ networkError: true, failed: 1 });
    const gaps = checks.slice(1).map((time, index) => time - (checks[index] ?? time));
    expect(gaps).toHaveLength(3);
    [1000, 2000, 4000].forEach((backoff, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(backoff);
      expect(gaps[index]).toBeLessThan(backoff + 1000);
    });
    await advance(10_000);
    expect(checks).toHaveLength(4);
  });

  it("checks every 5 minutes for records that wait", async () => {
    start();
    await advance(200);
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    await vi.advanceTimersByTimeAsync(AUTO_SYNC_PERIOD_MS - 1000);
    expect(server.log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await eventually(() => expect(server.count("POST /api/sync")).toBe(1));
  });

  it("sends records blocked by the limit as soon as the plan changes, not only on the next reconnect", async () => {
    server.remainingQuota = 0;
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    start();
    await toScheduledRun();
    await eventually(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ blocked: 1, synced: 0 });

    // The periodic check leaves blocked records alone; an upgrade wakes them at once.
    server.remainingQuota = null;
    await vi.advanceTimersByTimeAsync(AUTO_SYNC_PERIOD_MS);
    expect(reports).toHaveLength(1);
    announcePlanChanged();
    await toScheduledRun();
    await eventually(() => expect(reports).toHaveLength(2));
    expect(reports[1]).toMatchObject({ blocked: 0, synced: 1 });
  });

  it("stops listening once stopped", async () => {
    start();
    stop();
    await saveToOutbox({ userId: "u1", applicationId: APP, answers: {}, media: [] });
    window.dispatchEvent(new Event("online"));
    await advance(1000);
    expect(server.log).toEqual([]);
  });
});
