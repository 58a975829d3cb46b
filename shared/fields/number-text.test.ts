import { describe, expect, it } from "vitest";
import { localizeNumberText, numberInputText, parseNumberText, readNumberText } from "./number-text.ts";

describe("readNumberText", () => {
  it.each([
    ["12,5", 12.5],
    ["12.5", 12.5],
    ["-3", -3],
    ["+4", 4],
    [" 7 ", 7],
    ["0,25", 0.25],
    [",5", 0.5],
    ["1.", 1],
    ["1.234", 1.234],
  ])("reads %j as %d", (text, value) => {
    expect(readNumberText(text)).toEqual({ kind: "number", value });
  });

  it.each(["12,5,3", "1.234,5", "1,234.5", "1 234", "1e3", "abc", "-", ",", "12,5a", "--1", "Infinity"])(
    "refuses %j instead of guessing",
    (text) => {
      expect(readNumberText(text)).toEqual({ kind: "invalid" });
    },
  );

  it("tells empty text apart from a wrong one", () => {
    expect(readNumberText("  ")).toEqual({ kind: "empty" });
    expect(parseNumberText("  ")).toBeNull();
    expect(parseNumberText("12,5,3")).toBeNull();
    expect(parseNumberText("12,5")).toBe(12.5);
  });
});

describe("localizeNumberText", () => {
  it("writes the language's separator and keeps the typed digits", () => {
    expect(localizeNumberText("12.5", "pt-BR")).toBe("12,5");
    expect(localizeNumberText("12,50", "en")).toBe("12.50");
    expect(localizeNumberText("12,5", "es")).toBe("12,5");
    expect(localizeNumberText("7", "pt-BR")).toBe("7");
  });

  it("leaves text that is not a number as it is", () => {
    expect(localizeNumberText("12,5,3", "en")).toBe("12,5,3");
  });

  it("shows a stored number without grouping", () => {
    expect(numberInputText(12.5, "pt-BR")).toBe("12,5");
    expect(numberInputText(1234.5, "pt-BR")).toBe("1234,5");
    expect(numberInputText(-3, "en")).toBe("-3");
  });
});
