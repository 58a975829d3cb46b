import { describe, expect, it } from "vitest";
import { loadBillingConfig } from "../../config.ts";

describe("billing provider choice", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

  it("uses Stripe with both keys, in any environment", () => {
    expect(loadBillingConfig(keys, true)).toEqual({
      provider: "stripe",
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      apiUrl: undefined,
    });
    expect(
      loadBillingConfig({ ...keys, BILLING_PROVIDER: "stripe", STRIPE_API_URL: "http://127.0.0.1:1" }, false),
    ).toMatchObject({ provider: "stripe", apiUrl: "http://127.0.0.1:1" });
  });

  it("plays the provider itself by default outside production, and in production only when asked to", () => {
    expect(loadBillingConfig({}, false)).toEqual({ provider: "local" });
    expect(loadBillingConfig({}, true)).toMatchObject({ provider: "unavailable" });
    expect(loadBillingConfig({ BILLING_PROVIDER: "local" }, true)).toEqual({ provider: "local" });
    expect(loadBillingConfig({ ...keys, BILLING_PROVIDER: "local" }, true)).toEqual({ provider: "local" });
  });

  it("is unavailable with incomplete or unknown settings rather than guessing", () => {
    expect(loadBillingConfig({ STRIPE_SECRET_KEY: "sk_test_x" }, false)).toMatchObject({ provider: "unavailable" });
    expect(loadBillingConfig({ BILLING_PROVIDER: "stripe" }, false)).toMatchObject({ provider: "unavailable" });
    expect(loadBillingConfig({ BILLING_PROVIDER: "paypal" }, false)).toMatchObject({ provider: "unavailable" });
  });
});
