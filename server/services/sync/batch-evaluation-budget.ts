import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * How long one sync request may spend evaluating its records' form logic, all records together. Each record still
 * has its own RECORD_EVALUATION_MS (2 s); without this, a full batch of a pathological form would hold a server
 * process for SYNC_BATCH_MAX × 2 s. Once spent, the records not yet evaluated are deferred: left out of the answer,
 * kept on the phone and sent again (docs/decisions.md, "A per-batch evaluation budget").
 */
export const BATCH_EVALUATION_MS = 5000;

/** What a deferring answer asks for in Retry-After: a pause of about what this device just had, so others get a turn. */
export const DEFERRED_RETRY_AFTER_SECONDS = 5;

/**
 * Time spent on records' logic in one request. The first record is always evaluated, so each request makes progress
 * whatever the figure; a request therefore runs at most its budget plus one record's RECORD_EVALUATION_MS.
 */
export class BatchEvaluationBudget {
  private spentMs = 0;
  private evaluated = 0;

  constructor(private readonly budgetMs: number = BATCH_EVALUATION_MS) {}

  get exhausted(): boolean {
    return this.evaluated > 0 && this.spentMs >= this.budgetMs;
  }

  /**
   * Runs one record's evaluation and counts its time. The event loop gets a turn first: evaluation is synchronous,
   * and the process's other requests (a health check, another device) are served between two records.
   */
  async measure<T>(evaluate: () => T): Promise<T> {
    await nextTurn();
    const started = performance.now();
    try {
      return evaluate();
    } finally {
      this.spentMs += performance.now() - started;
      this.evaluated += 1;
    }
  }
}
