import { describe, expect, it } from "vitest";
import { parseExpression, evaluateExpression } from "../expressions/index.ts";
import { designedFieldsSchema } from "../fields/field-config.ts";
import { form } from "./test-form.ts";
import { analyzeForm, evaluateForm, initialAnswers, validateRecord } from "./index.ts";
import { triggeredAnswers } from "./triggers.ts";

const NOW = { now: new Date("2026-05-01T12:00:00Z"), utcOffsetMinutes: 0 };

/** A site picked from a list sets a name and a copied code, both kept afterwards (ODK's trigger). */
const fields = form(
  { name: "site", fieldType: "single_choice", config: { options: ["North", "South"] } },
  { name: "count", fieldType: "number" },
  {
    name: "site_name",
    fieldType: "text",
    config: { trigger: "${site}", calculation: "concat('Site ', ${site})", defaultValue: "'none'" },
  },
  { name: "code", fieldType: "calculation", config: { trigger: "${site}", calculation: "string_length(${site})" } },
  { name: "cleared", fieldType: "number", config: { trigger: "${site}" } },
  { name: "visits", fieldType: "repeat" },
  {
    name: "visit_site",
    fieldType: "text",
    parentName: "visits",
    config: { trigger: "${site}", calculation: "${site}" },
  },
);

describe("trigger: a value set when another question changes", () => {
  it("sets each triggered field from its calculation, an empty calculation clearing the answer", () => {
    const answers = { site: "North", count: 3, cleared: 7, visits: [{}, {}] };
    const set = triggeredAnswers(fields, answers, { fieldId: "site", instance: [] }, NOW);
    expect(set).toEqual([
      { key: "site_name", fieldId: "site_name", answer: "Site North" },
      { key: "code", fieldId: "code", answer: "5" },
      { key: "cleared", fieldId: "cleared", answer: undefined },
      { key: "visits.0.visit_site", fieldId: "visit_site", answer: "North" },
      { key: "visits.1.visit_site", fieldId: "visit_site", answer: "North" },
    ]);
  });

  it("sets nothing when another question changes", () => {
    expect(triggeredAnswers(fields, { site: "North" }, { fieldId: "count", instance: [] }, NOW)).toEqual([]);
  });

  it("keeps the value set (and any edit of it) instead of recomputing it, on the phone and on the server", () => {
    const answers = { site: "South", site_name: "Edited by hand", code: "5" };
    const evaluation = evaluateForm(fields, answers, NOW);
    expect(evaluation.calculated.code).toBe("5");
    const validation = validateRecord(fields, answers, NOW);
    expect(validation.valid).toBe(true);
    expect(validation.answers).toEqual({ site: "South", site_name: "Edited by hand", code: "5" });
  });

  it("starts from the default, not from the calculation", () => {
    expect(initialAnswers(fields, NOW)).toEqual({ site_name: "none" });
  });

  it("checks a triggered calculation's stored value like any answer", () => {
    const validation = validateRecord(fields, { site: "South", code: { not: "a value" } }, NOW);
    expect(validation.fieldErrors.code).toEqual({ key: "invalidValue" });
  });

  it("refuses a trigger that is not one question of the form", () => {
    const parsed = designedFieldsSchema.safeParse([
      { fieldType: "text", label: "A", name: "a", parentName: null, position: 0, config: { trigger: "${a} + 1" } },
    ]);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain("invalidTrigger");
    const unknown = form({ name: "a", fieldType: "text", config: { trigger: "${nobody}" } });
    expect(analyzeForm(unknown).map((issue) => [issue.property, issue.error.key])).toEqual([
      ["trigger", "unknownField"],
    ]);
  });
});

describe("${last-saved#name}: the answer of the device's last saved record", () => {
  const defaults = form(
    { name: "width", fieldType: "number", config: { defaultValue: "${last-saved#width}" } },
    {
      name: "side",
      fieldType: "single_choice",
      config: { options: ["Left", "Right"], defaultValue: "${last-saved#side}" },
    },
    { name: "items", fieldType: "repeat" },
    { name: "inner", fieldType: "text", parentName: "items", config: { defaultValue: "${last-saved#inner}" } },
  );

  it("parses as a reference to the field, read from the last saved record", () => {
    const parsed = parseExpression("${last-saved#width} + 1");
    if (!parsed.ok) throw new Error("parse failed");
    expect(evaluateExpression(parsed.expression, { field: () => 1, lastSaved: () => 4 })).toBe(5);
    expect(evaluateExpression(parsed.expression, { field: () => 1 })).toBe(null);
    expect(analyzeForm(defaults)).toEqual([]);
  });

  it("fills a new record's defaults from the last saved record, and nothing without one", () => {
    expect(
      initialAnswers(defaults, { ...NOW, lastSaved: { width: 3.5, side: "Right", items: [{ inner: "x" }] } }),
    ).toEqual({
      width: 3.5,
      side: "Right",
    });
    expect(initialAnswers(defaults, NOW)).toEqual({});
  });
});
