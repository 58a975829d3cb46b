import { describe, expect, it } from "vitest";
import { isInForce, subscriptionState } from "./subscription-state.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const FUTURE = new Date("2026-07-15T12:00:00Z");
const PAST = new Date("2026-06-15T11:59:59Z");
const row = (
  status: string,
  extra: Partial<{ tier: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }> = {},
) => ({
  tier: "premium",
  status,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: FUTURE,
  ...extra,
});

describe("subscription state", () => {
  it("keeps the plan in force while active, trialing or past due (the grace period)", () => {
    for (const status of ["active", "trialing", "past_due"]) expect(isInForce(row(status), NOW)).toBe(true);
    expect(subscriptionState(row("past_due"), NOW)).toBe("past_due");
    expect(subscriptionState(row("active"), NOW)).toBe("active");
  });

  it("falls back to free when canceled, unpaid, incomplete or paused", () => {
    for (const status of ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused", "none"])
      expect(isInForce(row(status), NOW)).toBe(false);
    expect(subscriptionState(row("canceled"), NOW)).toBe("canceled");
    expect(subscriptionState(row("unpaid"), NOW)).toBe("canceled");
    expect(subscriptionState(row("incomplete"), NOW)).toBe("free");
    expect(subscriptionState(row("none"), NOW)).toBe("free");
    expect(subscriptionState(undefined, NOW)).toBe("free");
  });

  it("a cancel runs to the period's end, and a passed end counts as ended before any event says so", () => {
    expect(subscriptionState(row("active", { cancelAtPeriodEnd: true }), NOW)).toBe("canceling");
    expect(isInForce(row("active", { cancelAtPeriodEnd: true, currentPeriodEnd: PAST }), NOW)).toBe(false);
    expect(subscriptionState(row("active", { cancelAtPeriodEnd: true, currentPeriodEnd: PAST }), NOW)).toBe("canceled");
    // Without a cancel, a passed end is a renewal the provider has not reported yet: still in force.
    expect(isInForce(row("active", { currentPeriodEnd: PAST }), NOW)).toBe(true);
  });

  it("a free or unknown tier is never a subscription", () => {
    expect(isInForce(row("active", { tier: "free" }), NOW)).toBe(false);
    expect(isInForce(row("active", { tier: "gold" }), NOW)).toBe(false);
  });
});
