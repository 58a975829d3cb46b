import { describe, expect, it } from "vitest";
import { APP_NAME_MAX } from "../../../shared/fields/field-config.ts";
import { fitTitle } from "./xlsform-title.ts";

describe("a form_title longer than an application name", () => {
  it("is cut at the last word that fits, and the title it had is kept for the notice", () => {
    const title = `${"Rapid assessment ".repeat(7)}/ Évaluation rapide`;
    const { name, shortenedFrom } = fitTitle(title);
    expect([...name].length).toBeLessThanOrEqual(APP_NAME_MAX);
    expect(name).toBe("Rapid assessment ".repeat(7).trim());
    expect(shortenedFrom).toBe(title.trim());
  });

  it("cuts one long word at the limit and leaves a title that fits alone", () => {
    expect(fitTitle("x".repeat(200)).name).toBe("x".repeat(APP_NAME_MAX));
    expect(fitTitle("  Household survey ")).toEqual({ name: "Household survey" });
  });
});
