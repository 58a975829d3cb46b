import { describe, expect, it } from "vitest";
import { checkBounds, parseBound } from "./number-bounds.ts";

describe("number bounds", () => {
  it("reads empty as no bound and accepts a decimal comma", () => {
    expect(parseBound(" ")).toEqual({ value: null });
    expect(parseBound("2,5")).toEqual({ value: 2.5 });
    expect(parseBound("abc")).toEqual({ error: "invalidNumberField" });
  });
  it("flags min greater than max on the max input", () => {
    expect(checkBounds("10", "5")).toMatchObject({ min: 10, max: 5, maxError: "minGreaterThanMax" });
    expect(checkBounds("5", "10")).toEqual({ min: 5, max: 10 });
    expect(checkBounds("x", "")).toMatchObject({ minError: "invalidNumberField" });
  });
});
