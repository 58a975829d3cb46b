import { startTransition, useEffect, useMemo, useState } from "react";

/** Blocks in each run; the first two are drawn at once (a phone screen's worth), so ordinary forms draw whole. */
export const RUN_SIZE = 20;
const FIRST_RUNS = 2;

/**
 * The runs of a page's blocks to draw now. A long page (a 1,000-question form) draws its first screenful at once
 * and then one run more per step, each a low-priority update after the browser has painted and handled input:
 * drawing all of it in one go held a phone's main thread for seconds before the first question could be answered.
 * The runs keep their identity while the page does, so that a drawn run is not drawn again for the next one.
 */
export function useProgressiveRuns<T>(items: readonly T[]): (readonly T[])[] {
  const runs = useMemo(() => {
    const result: (readonly T[])[] = [];
    for (let start = 0; start < items.length; start += RUN_SIZE) result.push(items.slice(start, start + RUN_SIZE));
    return result;
  }, [items]);
  const [drawn, setDrawn] = useState({ runs, count: FIRST_RUNS });
  const count = drawn.runs === runs ? drawn.count : FIRST_RUNS;
  if (drawn.runs !== runs) setDrawn({ runs, count });
  useEffect(() => {
    if (count >= runs.length) return;
    const timer = setTimeout(() => startTransition(() => setDrawn({ runs, count: count + 1 })));
    return () => clearTimeout(timer);
  }, [count, runs]);
  return runs.slice(0, count);
}
