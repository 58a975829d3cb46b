import { describe, expect, it } from "vitest";
import { BatchEvaluationBudget } from "./batch-evaluation-budget.ts";

describe("BatchEvaluationBudget", () => {
  it("always lets the first record run, then stops once the time is spent", async () => {
    const budget = new BatchEvaluationBudget(0);
    expect(budget.exhausted).toBe(false);
    expect(await budget.measure(() => "valid")).toBe("valid");
    expect(budget.exhausted).toBe(true);
  });

  it("keeps counting until the figure is reached", async () => {
    const budget = new BatchEvaluationBudget(60_000);
    await budget.measure(() => undefined);
    await budget.measure(() => undefined);
    expect(budget.exhausted).toBe(false);
  });

  it("gives the event loop a turn before each record, so waiting requests are served in between", async () => {
    const order: string[] = [];
    const budget = new BatchEvaluationBudget();
    setImmediate(() => order.push("other request"));
    await budget.measure(() => order.push("record"));
    expect(order).toEqual(["other request", "record"]);
  });

  it("counts a record whose evaluation throws", async () => {
    const budget = new BatchEvaluationBudget(0);
    await expect(
      budget.measure(() => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(budget.exhausted).toBe(true);
  });
});
