import type { AnalyticsEvent } from "../../../shared/analytics/events.ts";
import type { recordAnalytics } from "../../../shared/api/contracts/analytics.ts";
import type { ContractInput } from "../../../shared/api/route-contract.ts";
import type { SendResult } from "./send-queue.ts";

// Not callApi: a batch must outlive the page (keepalive, sendBeacon) and its failures are counted, never thrown.
// The contract by its type only: its module (the batch's zod schema) and the API client would otherwise join the
// prerendered pages' first load, which counts the page view before the app is there. The literal types fail to
// compile if the contract's path or method change.
const ENDPOINT: (typeof recordAnalytics)["path"] = "/api/analytics";
const METHOD: Uppercase<(typeof recordAnalytics)["method"]> = "POST";

const body = (events: AnalyticsEvent[]) =>
  JSON.stringify({ events } satisfies ContractInput<typeof recordAnalytics>["body"]);

/** keepalive lets a batch finish even if the visitor navigates away mid-request. */
export async function postBatch(events: AnalyticsEvent[]): Promise<SendResult> {
  try {
    const response = await fetch(ENDPOINT, {
      method: METHOD,
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: body(events),
    });
    if (response.ok) return "sent";
    // 429 and 5xx may pass; any other refusal would be refused again.
    return response.status === 429 || response.status >= 500 ? "failed" : "refused";
  } catch {
    return "failed";
  }
}

export function beaconBatch(events: AnalyticsEvent[]): boolean {
  if (typeof navigator.sendBeacon !== "function") return false;
  return navigator.sendBeacon(ENDPOINT, new Blob([body(events)], { type: "application/json" }));
}
