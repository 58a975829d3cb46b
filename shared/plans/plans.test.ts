import { describe, expect, it } from "vitest";
import {
  BYTES_PER_GB,
  PLANS,
  PLAN_TIERS,
  UPGRADE_TIER,
  hasReachedLimit,
  isNearLimit,
  isPlanTier,
  limitOverages,
  limitsExceeded,
  limitsFor,
} from "./plans.ts";

const asOwner = { isSuperAdmin: false };

describe("plans", () => {
  it("has the five tiers", () => {
    expect(PLAN_TIERS).toEqual(["free", "basico", "premium", "avancado", "custom"]);
    expect(isPlanTier("premium")).toBe(true);
    expect(isPlanTier("Básico")).toBe(false);
  });

  it("limits the free plan to 10 records, 3 apps, 3 members and 1 GB at no cost", () => {
    expect(PLANS.free.monthlyPriceCents).toBe(0);
    expect(limitsFor("free", asOwner)).toEqual({
      maxSubmissions: 10,
      maxApplications: 3,
      maxTeamMembers: 3,
      storageLimitGb: 1,
    });
  });

  it("charges R$ 99 for Básico with unlimited records, 3 apps, 3 members, 1 GB", () => {
    expect(PLANS.basico.monthlyPriceCents).toBe(9900);
    expect(limitsFor("basico", asOwner)).toEqual({
      maxSubmissions: null,
      maxApplications: 3,
      maxTeamMembers: 3,
      storageLimitGb: 1,
    });
  });

  it("raises apps, members and storage for Premium and Avançado", () => {
    expect(limitsFor("premium", asOwner)).toEqual({
      maxSubmissions: null,
      maxApplications: 10,
      maxTeamMembers: 10,
      storageLimitGb: 5,
    });
    expect(limitsFor("avancado", asOwner)).toEqual({
      maxSubmissions: null,
      maxApplications: 20,
      maxTeamMembers: 20,
      storageLimitGb: 15,
    });
    expect(PLANS.premium.monthlyPriceCents).toBeGreaterThan(PLANS.basico.monthlyPriceCents ?? 0);
    expect(PLANS.avancado.monthlyPriceCents).toBeGreaterThan(PLANS.premium.monthlyPriceCents ?? 0);
  });

  it("leaves Custom unlimited and priced on consultation", () => {
    expect(limitsFor("custom", asOwner)).toEqual({
      maxSubmissions: null,
      maxApplications: null,
      maxTeamMembers: null,
      storageLimitGb: null,
    });
    expect(PLANS.custom.monthlyPriceCents).toBeNull();
    expect(PLANS.custom.yearlyPriceCents).toBeNull();
  });

  it("bills a year as eleven months", () => {
    expect(PLANS.basico.yearlyPriceCents).toBe(108900);
    for (const tier of PLAN_TIERS) {
      const { monthlyPriceCents, yearlyPriceCents } = PLANS[tier];
      if (monthlyPriceCents !== null) expect(yearlyPriceCents).toBe(monthlyPriceCents * 11);
    }
  });

  it("never limits a super admin", () => {
    for (const tier of PLAN_TIERS) {
      expect(limitsFor(tier, { isSuperAdmin: true })).toEqual({
        maxSubmissions: null,
        maxApplications: null,
        maxTeamMembers: null,
        storageLimitGb: null,
      });
    }
  });

  it("applies a user's overrides over the plan, keeping the plan where none is set", () => {
    expect(limitsFor("free", { isSuperAdmin: false, overrides: { maxApplications: 8, maxSubmissions: null } })).toEqual(
      {
        maxSubmissions: 10,
        maxApplications: 8,
        maxTeamMembers: 3,
        storageLimitGb: 1,
      },
    );
  });

  it("offers Básico as the upgrade", () => {
    expect(UPGRADE_TIER).toBe("basico");
  });
});

describe("limit checks", () => {
  it("is near the limit from 80 %", () => {
    expect(isNearLimit(7, 10)).toBe(false);
    expect(isNearLimit(8, 10)).toBe(true);
    expect(isNearLimit(10, 10)).toBe(true);
    expect(isNearLimit(2, 3)).toBe(false);
    expect(isNearLimit(3, 3)).toBe(true);
  });

  it("has reached the limit at the limit", () => {
    expect(hasReachedLimit(9, 10)).toBe(false);
    expect(hasReachedLimit(10, 10)).toBe(true);
    expect(hasReachedLimit(11, 10)).toBe(true);
  });

  it("never nears or reaches an unlimited limit", () => {
    expect(isNearLimit(1e9, null)).toBe(false);
    expect(hasReachedLimit(1e9, null)).toBe(false);
  });

  it("lists what a downgrade target cannot hold", () => {
    const usage = { submissions: 500, applications: 4, teamMembers: 3, storageUsedGb: 0.5 };
    expect(limitsExceeded(usage, limitsFor("basico", asOwner))).toEqual(["applications"]);
    expect(limitsExceeded(usage, limitsFor("free", asOwner))).toEqual(["submissions", "applications"]);
    expect(limitsExceeded(usage, limitsFor("premium", asOwner))).toEqual([]);
    expect(limitsExceeded({ ...usage, storageUsedGb: 1.2 }, limitsFor("basico", asOwner))).toEqual([
      "applications",
      "storageUsedGb",
    ]);
  });

  it("gives the overage amounts, storage in bytes", () => {
    const usage = { submissions: 500, applications: 12, teamMembers: 3, storageBytes: 2 * BYTES_PER_GB + 5 };
    expect(limitOverages(usage, limitsFor("basico", asOwner))).toEqual([
      { resource: "applications", used: 12, limit: 3, over: 9 },
      { resource: "storageBytes", used: 2 * BYTES_PER_GB + 5, limit: BYTES_PER_GB, over: BYTES_PER_GB + 5 },
    ]);
    expect(limitOverages(usage, limitsFor("avancado", asOwner))).toEqual([]);
    expect(limitOverages(usage, limitsFor("free", { isSuperAdmin: true }))).toEqual([]);
  });
});
