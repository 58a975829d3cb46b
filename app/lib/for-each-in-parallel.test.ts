import { describe, expect, it } from "vitest";
import { forEachInParallel } from "./for-each-in-parallel.ts";

/** A task per item that the test ends by hand, recording how many run at once. */
function heldTasks() {
  const finish = new Map<number, () => void>();
  let running = 0;
  const peaks: number[] = [];
  const started: number[] = [];
  const task = (item: number) =>
    new Promise<void>((resolve) => {
      started.push(item);
      peaks.push(++running);
      finish.set(item, () => {
        running--;
        resolve();
      });
    });
  return { task, finish, peaks, started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("forEachInParallel", () => {
  it("runs every item once, never more than the limit at once, in order", async () => {
    const { task, finish, peaks, started } = heldTasks();
    const items = Array.from({ length: 10 }, (_, index) => index);
    const done = forEachInParallel(items, 3, task);
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // Ending one starts the next item, not a new lane.
    finish.get(1)!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (let index = 0; index < items.length; index++) {
      finish.get(index)?.();
      await tick();
    }
    await done;
    expect(started).toEqual(items);
    expect(Math.max(...peaks)).toBe(3);
  });

  it("throws the first failure once every lane has settled", async () => {
    const ended: number[] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    let settled = false;
    const done = forEachInParallel([0, 1, 2], 2, async (item) => {
      if (item === 0) await slow;
      if (item === 1) throw new Error("item 1 failed");
      ended.push(item);
    }).finally(() => (settled = true));
    await tick();
    // Lane 2 failed on item 1; lane 1 still runs item 0 and then takes item 2.
    expect(settled).toBe(false);
    releaseSlow();
    await expect(done).rejects.toThrow("item 1 failed");
    expect(ended).toEqual([0, 2]);
  });

  it("does nothing for no items", async () => {
    await expect(forEachInParallel([], 6, () => Promise.reject(new Error("ran")))).resolves.toBeUndefined();
  });
});
