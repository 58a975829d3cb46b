import { describe, expect, it, vi } from "vitest";
import type { AnalyticsEvent } from "../../../shared/analytics/events.ts";
import { BATCH_DELAY_MS, MAX_QUEUED_EVENTS, SendQueue, type SendQueueDeps, type SendResult } from "./send-queue.ts";
import { ATTEMPTS, RETRY_DELAY_MS } from "./retry-policy.ts";

const view = (n: number): AnalyticsEvent => ({ name: "page_view", path: `/p${n}` });

function harness(results: SendResult[] = []) {
  let online = true;
  const sent: AnalyticsEvent[][] = [];
  const scheduled: { run: () => void; ms: number }[] = [];
  const deps: SendQueueDeps = {
    send: vi.fn((events: AnalyticsEvent[]) => {
      sent.push(events);
      return Promise.resolve(results.shift() ?? "sent");
    }),
    sendOnExit: vi.fn(() => true),
    isOnline: () => online,
    wait: vi.fn(() => Promise.resolve()),
    schedule: (run, ms) => void scheduled.push({ run, ms }),
    reportFailure: vi.fn(),
  };
  return { queue: new SendQueue(deps), deps, sent, scheduled, setOnline: (value: boolean) => (online = value) };
}

describe("analytics send queue", () => {
  it("sends the events of a burst together, once, after the batch delay", async () => {
    const { queue, sent, scheduled } = harness();
    queue.add(view(1));
    queue.add(view(2));
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.ms).toBe(BATCH_DELAY_MS);
    scheduled[0]!.run();
    await queue.flush();
    expect(sent).toEqual([[view(1), view(2)]]);
    expect(queue.size).toBe(0);
  });

  it(`retries a failed batch ${ATTEMPTS} times ${RETRY_DELAY_MS} ms apart, then keeps it and reports to the console`, async () => {
    const { queue, deps, sent } = harness(Array.from({ length: ATTEMPTS }, () => "failed" as const));
    queue.add(view(1));
    await queue.flush();
    expect(sent).toHaveLength(ATTEMPTS);
    expect(deps.wait).toHaveBeenCalledTimes(ATTEMPTS - 1);
    expect(deps.wait).toHaveBeenCalledWith(RETRY_DELAY_MS);
    expect(deps.reportFailure).toHaveBeenCalledOnce();
    expect(queue.size).toBe(1);
    await queue.flush();
    expect(sent.at(-1)).toEqual([view(1)]);
    expect(queue.size).toBe(0);
  });

  it("succeeds on a later attempt without reporting", async () => {
    const { queue, deps, sent } = harness(["failed", "failed", "sent"]);
    queue.add(view(1));
    await queue.flush();
    expect(sent).toHaveLength(3);
    expect(deps.reportFailure).not.toHaveBeenCalled();
    expect(queue.size).toBe(0);
  });

  it("drops a batch the server refuses (4xx) instead of retrying it", async () => {
    const { queue, sent } = harness(["refused"]);
    queue.add(view(1));
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(queue.size).toBe(0);
  });

  it("holds events while offline, bounded to the newest, and sends them once online", async () => {
    const { queue, sent, setOnline } = harness();
    setOnline(false);
    for (let n = 0; n < MAX_QUEUED_EVENTS + 10; n++) queue.add(view(n));
    await queue.flush();
    expect(sent).toEqual([]);
    expect(queue.size).toBe(MAX_QUEUED_EVENTS);
    setOnline(true);
    await queue.flush();
    expect(sent.flat()).toHaveLength(MAX_QUEUED_EVENTS);
    expect(sent.flat()[0]).toEqual(view(10));
    expect(sent.every((batch) => batch.length <= 50)).toBe(true);
  });

  it("hands what is left to the beacon when the page is hidden", () => {
    const { queue, deps } = harness();
    queue.add(view(1));
    queue.flushOnExit();
    expect(deps.sendOnExit).toHaveBeenCalledWith([view(1)]);
    expect(queue.size).toBe(0);
  });
});
