import { describe, expect, it } from "vitest";
import type { SubscriptionRow } from "../../db/queries/usage.ts";
import { planChange } from "./plan-audit.ts";

const OWNER = "00000000-0000-4000-8000-000000000001";

function row(changes: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    tier: "basico",
    billingCycle: "monthly",
    status: "active",
    cancelAtPeriodEnd: false,
    currentPeriodEnd: new Date(Date.now() + 86_400_000),
    providerSubscriptionId: "sub_secret",
    providerCustomerId: "cus_secret",
    paymentMethodLast4: "4242",
    ...changes,
  } as SubscriptionRow;
}

const kindOf = (before: SubscriptionRow | undefined, after: SubscriptionRow | undefined) =>
  planChange(OWNER, before, after)[0]?.kind;

describe("plan entries of the change log", () => {
  it("names each subscription change by what happened", () => {
    expect(kindOf(undefined, row({}))).toBe("plan.checkout_completed");
    expect(kindOf(row({ status: "none", tier: "free" }), row({}))).toBe("plan.checkout_completed");
    expect(kindOf(row({}), row({ tier: "premium" }))).toBe("plan.changed");
    expect(kindOf(row({}), row({ billingCycle: "yearly" }))).toBe("plan.changed");
    expect(kindOf(row({}), row({ cancelAtPeriodEnd: true }))).toBe("plan.canceled");
    expect(kindOf(row({ cancelAtPeriodEnd: true }), row({}))).toBe("plan.resumed");
    expect(kindOf(row({}), row({ status: "past_due" }))).toBe("plan.past_due");
    expect(kindOf(row({}), row({ status: "canceled" }))).toBe("plan.canceled");
    expect(kindOf(row({ status: "past_due" }), row({}))).toBe("plan.changed");
  });

  it("writes nothing when nothing the owner sees changed, and never provider ids or card digits", () => {
    expect(planChange(OWNER, row({}), row({ providerSubscriptionId: "sub_other" }))).toEqual([]);
    const [entry] = planChange(OWNER, row({}), row({ tier: "premium" }));
    expect(entry).toMatchObject({ ownerId: OWNER, before: { tier: "basico" }, after: { tier: "premium" } });
    expect(JSON.stringify(entry)).not.toMatch(/sub_|cus_|4242/);
  });
});
