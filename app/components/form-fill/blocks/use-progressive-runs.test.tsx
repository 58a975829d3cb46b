// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { RUN_SIZE, useProgressiveRuns } from "./use-progressive-runs.ts";

const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);
const drawnItems = (runs: readonly (readonly number[])[]) => runs.flat();

describe("useProgressiveRuns", () => {
  afterEach(cleanup);

  it("draws an ordinary page whole at once", () => {
    const page = numbers(2 * RUN_SIZE);
    const { result } = renderHook(() => useProgressiveRuns(page));
    expect(drawnItems(result.current)).toEqual(page);
  });

  it("draws a long page's first screenful at once, then the rest run by run, keeping the drawn runs", async () => {
    const page = numbers(1000);
    const { result, rerender } = renderHook(({ items }) => useProgressiveRuns(items), {
      initialProps: { items: page },
    });
    expect(drawnItems(result.current)).toEqual(numbers(2 * RUN_SIZE));
    const firstRun = result.current[0];
    await waitFor(() => expect(drawnItems(result.current)).toEqual(page));
    // The runs drawn first are the same objects: a memoised run is not drawn again for the next one.
    expect(result.current[0]).toBe(firstRun);
    rerender({ items: page });
    expect(drawnItems(result.current)).toHaveLength(1000);
  });

  it("starts another page from its first screenful", async () => {
    const { result, rerender } = renderHook(({ items }) => useProgressiveRuns(items), {
      initialProps: { items: numbers(200) },
    });
    await waitFor(() => expect(drawnItems(result.current)).toHaveLength(200));
    const next = numbers(200, 1000);
    rerender({ items: next });
    expect(drawnItems(result.current)).toEqual(numbers(2 * RUN_SIZE, 1000));
    await waitFor(() => expect(drawnItems(result.current)).toEqual(next));
  });
});
