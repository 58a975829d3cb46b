import { describe, expect, it } from "vitest";
import { PLANS } from "../../../../shared/plans/plans.ts";
import { planDirection, priceFor, yearlySaving } from "./pricing.ts";

describe("pricing", () => {
  it("charges Básico R$ 99 a month or eleven months a year", () => {
    expect(priceFor(PLANS.basico, "monthly")).toBe(9900);
    expect(priceFor(PLANS.basico, "yearly")).toBe(108900);
    expect(priceFor(PLANS.custom, "yearly")).toBeNull();
  });

  it("saves exactly one month by paying yearly, and nothing on free or custom", () => {
    expect(yearlySaving(PLANS.basico)).toBe(9900);
    expect(yearlySaving(PLANS.avancado)).toBe(39900);
    expect(yearlySaving(PLANS.free)).toBeNull();
    expect(yearlySaving(PLANS.custom)).toBeNull();
  });

  it("orders tiers from free to custom", () => {
    expect(planDirection("free", "basico")).toBe("upgrade");
    expect(planDirection("avancado", "premium")).toBe("downgrade");
    expect(planDirection("premium", "premium")).toBe("same");
  });
});
