/**
 * Runs `task` on every item, at most `limit` at once, in the items' order: enough to hide a phone network's latency
 * without opening a request per item (Chromium refuses hundreds at once: net::ERR_INSUFFICIENT_RESOURCES). A failed
 * task stops only its own lane; every lane settles before this throws the first failure, so nothing still runs then.
 */
export async function forEachInParallel<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}
