import { CONNECTIVITY_CHECK_TIMEOUT_MS, type ConnectivityMonitor } from "./connectivity-monitor.ts";

/** How long a read may take while the server is believed reachable; longer and the screen falls back to the device. */
export const READ_TIMEOUT_MS = 20_000;

export interface RequestDeadline {
  signal: AbortSignal;
  /** Stops the timer and the monitor subscription once the answer is read. */
  release: () => void;
}

/**
 * Lie-fi (a network that takes requests and never answers) must not hold a screen on a spinner: a read gives up after
 * READ_TIMEOUT_MS, after the probe's own timeout when it starts with the server already believed unreachable, and at
 * once when the connectivity monitor decides the server is unreachable while it waits. The caller's own signal
 * (a cancelled query) still aborts it.
 */
export function readDeadline(
  monitor: Pick<ConnectivityMonitor, "isOnline" | "subscribe">,
  callerSignal?: AbortSignal | null,
  timeoutMs?: number,
): RequestDeadline {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs ?? (monitor.isOnline() ? READ_TIMEOUT_MS : CONNECTIVITY_CHECK_TIMEOUT_MS));
  const unsubscribe = monitor.subscribe(() => {
    if (!monitor.isOnline()) abort();
  });
  if (callerSignal?.aborted) abort();
  callerSignal?.addEventListener("abort", abort);
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      unsubscribe();
      callerSignal?.removeEventListener("abort", abort);
    },
  };
}
