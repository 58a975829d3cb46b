import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeyOf } from "../../../lib/api-call.ts";
import { getApplicationLimit, getUsage } from "../../../../shared/api/contracts/limits.ts";
import { getApplication } from "../../../../shared/api/contracts/applications.ts";
import type { SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";
import { SUBSCRIPTION_KEY, storeSubscription } from "./billing-api.ts";

describe("storeSubscription", () => {
  it("stores the plan and makes every application's record limit and the usage stale, not the rest", async () => {
    const client = new QueryClient();
    const limitA = queryKeyOf(getApplicationLimit, { params: { id: "a" } });
    const limitB = queryKeyOf(getApplicationLimit, { params: { id: "b" } });
    const application = queryKeyOf(getApplication, { params: { id: "a" } });
    const usage = queryKeyOf(getUsage, {});
    for (const key of [limitA, limitB, application, usage]) client.setQueryData(key, { cached: true });

    const subscription = { plan: "pro" } as unknown as SubscriptionDto;
    await storeSubscription(client, subscription);

    expect(client.getQueryData(SUBSCRIPTION_KEY)).toBe(subscription);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([stale(limitA), stale(limitB), stale(usage)]).toEqual([true, true, true]);
    expect(stale(application)).toBe(false);
  });
});
