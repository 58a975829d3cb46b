import { describe, expect, it } from "vitest";
import { planAction } from "./plan-action.ts";

const free = { tier: "free", subscribed: false, isCustomPlan: false } as const;
const basico = { tier: "basico", subscribed: true, isCustomPlan: false } as const;

describe("plan card action", () => {
  it("sends a free owner to checkout and marks the free plan as current", () => {
    expect(planAction("free", free)).toEqual({ kind: "current" });
    expect(planAction("basico", free)).toEqual({ kind: "checkout", tier: "basico" });
    expect(planAction("custom", free)).toEqual({ kind: "contact" });
  });

  it("lets a subscribed owner change plan either way, and go back to free by cancelling", () => {
    expect(planAction("basico", basico)).toEqual({ kind: "current" });
    expect(planAction("premium", basico)).toEqual({ kind: "change", tier: "premium", direction: "upgrade" });
    expect(planAction("basico", { ...basico, tier: "avancado" })).toEqual({ kind: "change", tier: "basico", direction: "downgrade" });
    expect(planAction("free", basico)).toEqual({ kind: "cancelToFree" });
  });

  it("leaves a custom plan's changes to the contact form", () => {
    const custom = { tier: "custom", subscribed: true, isCustomPlan: true } as const;
    expect(planAction("custom", custom)).toEqual({ kind: "current" });
    expect(planAction("premium", custom)).toEqual({ kind: "none" });
  });
});
