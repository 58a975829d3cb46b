import { describe, expect, it } from "vitest";
import { clampPercent, KEYBOARD_STEP_PERCENT, percentAfterKey, percentAt } from "./split-math.ts";

describe("split math", () => {
  it("clamps to the panel limits", () => {
    expect(clampPercent(10, 20, 30)).toBe(20);
    expect(clampPercent(45, 20, 30)).toBe(30);
    expect(clampPercent(25.04, 20, 30)).toBe(25);
  });
  it("turns a pointer position into the first panel's share", () => {
    expect(percentAt(350, 100, 1000, 20, 30)).toBe(25);
    expect(percentAt(900, 100, 1000, 60, 80)).toBe(80);
    expect(percentAt(0, 0, 0, 20, 30)).toBe(20);
  });
  it("moves by a step on arrows and jumps on Home/End", () => {
    expect(percentAfterKey("ArrowRight", 25, 20, 30)).toBe(25 + KEYBOARD_STEP_PERCENT);
    expect(percentAfterKey("ArrowLeft", 21, 20, 30)).toBe(20);
    expect(percentAfterKey("Home", 25, 20, 30)).toBe(20);
    expect(percentAfterKey("End", 25, 20, 30)).toBe(30);
    expect(percentAfterKey("a", 25, 20, 30)).toBeUndefined();
  });
});
