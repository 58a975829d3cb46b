import { describe, expect, it } from "vitest";
import { planAction } from "./plan-action.ts";

const free = { tier: "free", subscribed: false, isCustomPlan: false, billingCycle: null } as const;
const basico = { tier: "basico", subscribed: true, isCustomPlan: false, billingCycle: "monthly" } as const;

describe("plan card action", () => {
  it("sends a free owner to checkout and marks the free plan as current", () => {
    expect(planAction("free", free, "monthly")).toEqual({ kind: "current" });
    expect(planAction("basico", free, "monthly")).toEqual({ kind: "checkout", tier: "basico" });
    expect(planAction("custom", free, "monthly")).toEqual({ kind: "contact" });
  });

  it("lets a subscribed owner change plan either way, and go back to free by cancelling", () => {
    expect(planAction("basico", basico, "monthly")).toEqual({ kind: "current" });
    expect(planAction("premium", basico, "monthly")).toEqual({ kind: "change", tier: "premium", direction: "upgrade" });
    expect(planAction("basico", { ...basico, tier: "avancado" }, "monthly")).toEqual({
      kind: "change",
      tier: "basico",
      direction: "downgrade",
    });
    expect(planAction("free", basico, "monthly")).toEqual({ kind: "cancelToFree" });
  });

  it("offers the current plan's other billing cycle, and none on the free plan", () => {
    expect(planAction("basico", basico, "yearly")).toEqual({ kind: "change", tier: "basico", direction: "cycle" });
    expect(planAction("free", free, "yearly")).toEqual({ kind: "current" });
  });

  it("leaves a custom plan's changes to the contact form", () => {
    const custom = { tier: "custom", subscribed: true, isCustomPlan: true, billingCycle: null } as const;
    expect(planAction("custom", custom, "monthly")).toEqual({ kind: "current" });
    expect(planAction("premium", custom, "yearly")).toEqual({ kind: "none" });
  });
});
