import { ANALYTICS_LIMITS } from "../../../shared/analytics/event-names.ts";
import type { AnalyticsEvent } from "../../../shared/analytics/events.ts";
import { ATTEMPTS, RETRY_DELAY_MS } from "./retry-policy.ts";

/** Events kept while offline or failing; past this the oldest go first (a day offline must not fill memory). */
export const MAX_QUEUED_EVENTS = 200;
/** Events of the next few seconds travel together: one request per burst, not per click. */
export const BATCH_DELAY_MS = 3000;

/** sent: stored or dropped on purpose; refused: the server will never take it (4xx), so it is not retried. */
export type SendResult = "sent" | "refused" | "failed";

export interface SendQueueDeps {
  send(events: AnalyticsEvent[]): Promise<SendResult>;
  /** Best effort as the page goes away (sendBeacon): true when the browser took the batch. */
  sendOnExit(events: AnalyticsEvent[]): boolean;
  isOnline(): boolean;
  wait(ms: number): Promise<void>;
  schedule(run: () => void, ms: number): void;
  reportFailure(error: string): void;
}

/** Batches events, holds them while offline (bounded), and retries a failed batch 5 × 1 s before keeping it for later. */
export class SendQueue {
  private events: AnalyticsEvent[] = [];
  private scheduled = false;
  private sending: Promise<void> | null = null;

  constructor(private readonly deps: SendQueueDeps) {}

  get size(): number {
    return this.events.length;
  }

  add(event: AnalyticsEvent): void {
    this.events.push(event);
    if (this.events.length > MAX_QUEUED_EVENTS) this.events.splice(0, this.events.length - MAX_QUEUED_EVENTS);
    if (this.events.length >= ANALYTICS_LIMITS.maxEvents) void this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      this.deps.schedule(() => {
        this.scheduled = false;
        void this.flush();
      }, BATCH_DELAY_MS);
    }
  }

  /** Sends everything queued, a batch at a time; stops (keeping the rest) when offline or a batch keeps failing. */
  flush(): Promise<void> {
    this.sending ??= this.drain().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  /** The page is going away: hand what is left to the browser in one go. */
  flushOnExit(): void {
    if (this.sending || !this.deps.isOnline()) return;
    while (this.events.length) {
      const batch = this.events.slice(0, ANALYTICS_LIMITS.maxEvents);
      if (!this.deps.sendOnExit(batch)) return;
      this.events.splice(0, batch.length);
    }
  }

  private async drain(): Promise<void> {
    while (this.events.length && this.deps.isOnline()) {
      const batch = this.events.slice(0, ANALYTICS_LIMITS.maxEvents);
      const result = await this.sendWithRetries(batch);
      if (result === "failed") {
        this.deps.reportFailure(`analytics: batch of ${batch.length} events not sent after ${ATTEMPTS} attempts`);
        return;
      }
      this.events.splice(0, batch.length);
    }
  }

  private async sendWithRetries(batch: AnalyticsEvent[]): Promise<SendResult> {
    for (let attempt = 1; ; attempt++) {
      const result = await this.deps.send(batch);
      if (result !== "failed" || attempt === ATTEMPTS || !this.deps.isOnline()) return result;
      await this.deps.wait(RETRY_DELAY_MS);
    }
  }
}
