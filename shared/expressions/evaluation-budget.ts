import { MAX_ANSWERS_BYTES } from "../fields/answer-limits.ts";

/**
 * The longest text an expression may build. A longer one could never be stored (a record's answers are at most
 * MAX_ANSWERS_BYTES of UTF-8, and a text has at least as many bytes as UTF-16 units), so it is refused before it is
 * built: a chain of `concat(${x}, ${x})` would otherwise double its way to gigabytes.
 */
export const TEXT_VALUE_MAX = MAX_ANSWERS_BYTES;

/**
 * How long one record's logic may run (all its expressions together), on the phone and on the server alike. Typical
 * forms take a few milliseconds; past this the record is refused on its own instead of holding the server.
 */
export const RECORD_EVALUATION_MS = 2000;

/** Why a record's logic stopped: text past TEXT_VALUE_MAX, or RECORD_EVALUATION_MS spent. */
export type BudgetBreach = "tooLarge" | "tooSlow";

/** Thrown inside an evaluation when a limit is reached; `evaluateExpression` turns it into an empty value. */
export class LimitReached extends Error {
  constructor(readonly breach: BudgetBreach) {
    super(breach);
  }
}

/** Refuses a text of `length` units before it is built. */
export function assertTextLength(length: number): void {
  if (length > TEXT_VALUE_MAX) throw new LimitReached("tooLarge");
}

/** Evaluation steps between two readings of the clock: one reading costs about as much as a few steps. */
const STEPS_PER_CLOCK_READ = 16;

/**
 * What one record's expressions may spend together: time, and the text its calculations keep. The first breach is
 * kept; from then on every evaluation of the record is empty at once, and `validateRecord` refuses the record.
 */
export class EvaluationBudget {
  breach: BudgetBreach | null = null;
  private readonly deadline: number;
  private steps = 0;
  private keptText = 0;

  constructor(milliseconds: number = RECORD_EVALUATION_MS) {
    this.deadline = performance.now() + milliseconds;
  }

  /** One evaluation step; throws once a limit was reached or the time is spent. */
  step(): void {
    if (this.breach !== null) throw new LimitReached(this.breach);
    this.steps += 1;
    if (this.steps % STEPS_PER_CLOCK_READ === 0 && performance.now() > this.deadline) this.spend("tooSlow");
  }

  /** A calculation's value, which the record stores: together they may not pass the text bound either. */
  keep(textLength: number): void {
    this.keptText += textLength;
    if (this.keptText > TEXT_VALUE_MAX) this.breach ??= "tooLarge";
  }

  spend(breach: BudgetBreach): never {
    this.breach ??= breach;
    throw new LimitReached(this.breach);
  }
}
