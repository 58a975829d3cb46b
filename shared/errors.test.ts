import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERRORS, isErrorCode } from "./errors.ts";
import { LANGUAGES } from "./i18n/languages.ts";

const catalog = (language: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, "i18n", "locales", language, "errors.json"), "utf8"),
  ) as Record<string, unknown>;

describe("error catalogue", () => {
  it.each(LANGUAGES)("has a %s translation for every code", (language) => {
    const texts = catalog(language);
    const missing = Object.entries(ERRORS)
      .filter(([, entry]) => typeof texts[entry.key] !== "string" || (texts[entry.key] as string).trim() === "")
      .map(([code]) => code);
    expect(missing).toEqual([]);
  });

  it("gives every code an HTTP error status and its own translation key", () => {
    const keys = Object.values(ERRORS).map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of Object.values(ERRORS)) expect(entry.status).toBeGreaterThanOrEqual(400);
  });

  it("recognises catalogue codes only", () => {
    expect(isErrorCode("NOT_FOUND")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
