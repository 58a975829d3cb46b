import { describe, expect, it } from "vitest";
import { loadRegexEngine, needsRegexEngine, regexEngineLoaded } from "./safe-regex.ts";

describe("RE2 loaded on demand", () => {
  it("is wanted by a form that names regex() in any expression, however spaced", () => {
    expect(needsRegexEngine([{ name: "cep", config: { constraint: "regex(., '^[0-9]{5}-[0-9]{3}$')" } }])).toBe(true);
    expect(needsRegexEngine([{ name: "x", config: { relevant: "regex (${cep}, '^7')" } }])).toBe(true);
  });

  it("is not wanted by a form without regex() (the phone then never downloads it)", () => {
    expect(needsRegexEngine([{ name: "regexes", label: "Regex", config: { constraint: ". > 0" } }])).toBe(false);
    expect(needsRegexEngine([])).toBe(false);
  });

  it("is there at once in Node, so the server and scripts need no set-up", async () => {
    expect(regexEngineLoaded()).toBe(true);
    await expect(loadRegexEngine()).resolves.toBeUndefined();
  });
});
