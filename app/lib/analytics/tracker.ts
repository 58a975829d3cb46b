import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import type { AnalyticsEvent } from "../../../shared/analytics/events.ts";
import { sanitizePath } from "../../../shared/analytics/sanitize.ts";
import { SendQueue } from "./send-queue.ts";
import { beaconBatch, postBatch } from "./transport.ts";
import { pause } from "./retry-policy.ts";

/**
 * The part of the tracker that loads after the first paint (its own chunk, with web-vitals): the queue, its
 * transport, and the page's vitals.
 */
const queue = new SendQueue({
  send: postBatch,
  sendOnExit: beaconBatch,
  isOnline: () => navigator.onLine,
  wait: pause,
  schedule: (run, ms) => void setTimeout(run, ms),
  reportFailure: (message) => console.error(message),
});

window.addEventListener("online", () => void queue.flush());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") queue.flushOnExit();
});

export function add(event: AnalyticsEvent): void {
  queue.add(event);
}

/** Vitals belong to the page that was loaded (web-vitals measures the document's own load, not later routes). */
const loadedPath = sanitizePath(location.pathname + location.search);
function reportVital(metric: Metric): void {
  queue.add({ name: metric.name, path: loadedPath, value: Math.max(0, metric.value) });
}
onFCP(reportVital);
onLCP(reportVital);
onCLS(reportVital);
onINP(reportVital);
onTTFB(reportVital);
