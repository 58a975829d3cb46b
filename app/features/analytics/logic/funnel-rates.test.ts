import { describe, expect, it } from "vitest";
import { funnelRates } from "./funnel-rates.ts";

describe("funnelRates", () => {
  it("gives each step's share of the previous step and of the first", () => {
    const rates = funnelRates([
      { step: "page_view", visitors: 200 },
      { step: "sign_up_start", visitors: 50 },
      { step: "sign_up_complete", visitors: 25 },
      { step: "form_created", visitors: 0 },
      { step: "data_collected", visitors: 0 },
    ]);
    expect(rates.map((rate) => [rate.fromPrevious, rate.fromFirst])).toEqual([
      [null, 1],
      [0.25, 0.25],
      [0.5, 0.125],
      [0, 0],
      [null, 0],
    ]);
  });

  it("has no rates when nobody visited", () => {
    expect(funnelRates([{ step: "page_view", visitors: 0 }])).toEqual([
      { step: "page_view", visitors: 0, fromPrevious: null, fromFirst: null },
    ]);
  });
});
