import { describe, expect, it } from "vitest";
import { validateAnswer } from "./answer-validation.ts";
import { choiceLayout, datePrecision, hasAppearance, toggleAppearance } from "./appearances.ts";
import { validateRecord } from "../forms/validate-record.ts";
import { designedFieldSchema, designedFieldsSchema, type ValidatableField } from "./field-config.ts";

function field(fieldType: string, config: Record<string, unknown> = {}): ValidatableField {
  return { ...designedFieldSchema.parse({ fieldType, label: fieldType, position: 0, config }), id: `f-${fieldType}` };
}

describe("appearance words", () => {
  it("are kept as written, known or not, on any field", () => {
    const text = field("text", { appearance: "  numbers thousands-sep " });
    expect(text.config.appearance).toBe("numbers thousands-sep");
    expect(hasAppearance(text.config, "numbers")).toBe(true);
    expect(hasAppearance(text.config, "thousands-sep")).toBe(true);
    expect(field("note", { appearance: "" }).config.appearance).toBeUndefined();
    expect(
      designedFieldSchema.safeParse({
        fieldType: "text",
        label: "T",
        position: 0,
        config: { appearance: "x".repeat(201) },
      }).success,
    ).toBe(false);
  });

  it("toggle one word and keep the others in order", () => {
    expect(toggleAppearance("quick w3", "minimal", true)).toBe("quick w3 minimal");
    expect(toggleAppearance("quick minimal", "quick", false)).toBe("minimal");
    expect(toggleAppearance("quick", "quick", false)).toBeUndefined();
  });
});

describe("choice layouts", () => {
  const layout = (appearance: string) => choiceLayout({ appearance });
  it.each([
    ["", { kind: "list" }],
    ["minimal", { kind: "dropdown" }],
    ["quick minimal", { kind: "dropdown" }],
    ["search", { kind: "search" }],
    ["autocomplete", { kind: "search" }],
    ["likert", { kind: "likert" }],
    ["horizontal", { kind: "columns", columns: "auto", compact: false }],
    ["columns", { kind: "columns", columns: "auto", compact: false }],
    ["horizontal-compact", { kind: "columns", columns: "auto", compact: true }],
    ["columns-pack", { kind: "columns", columns: "auto", compact: true }],
    ["columns-3", { kind: "columns", columns: 3, compact: false }],
    ["columns-1", { kind: "list" }],
    ["quick", { kind: "list" }],
    ["something-else", { kind: "list" }],
  ])("%s → %o", (appearance, expected) => {
    expect(layout(appearance)).toEqual(expected);
  });
});

describe("date appearances", () => {
  it("set the precision: no-calendar still takes a day", () => {
    expect(datePrecision({})).toBe("day");
    expect(datePrecision({ appearance: "no-calendar" })).toBe("day");
    expect(datePrecision({ appearance: "month-year" })).toBe("month");
    expect(datePrecision({ appearance: "year" })).toBe("year");
  });

  it("store a month as its first day and a year as its first day, as ODK does", () => {
    const month = field("date", { appearance: "month-year" });
    expect(validateAnswer(month, "2024-05-01")).toBeNull();
    expect(validateAnswer(month, "2024-05-17")).toEqual({ key: "invalidMonthYear" });
    const year = field("date", { appearance: "year" });
    expect(validateAnswer(year, "2024-01-01")).toBeNull();
    expect(validateAnswer(year, "2024-05-01")).toEqual({ key: "invalidYear" });
    expect(validateAnswer(year, "2024-13-01")).toEqual({ key: "invalidDate" });
    expect(validateAnswer(field("date", { appearance: "no-calendar" }), "2024-05-17")).toBeNull();
  });
});

describe("or_other", () => {
  it("accepts `other` only where the select offers it", () => {
    const plain = field("single_choice", { options: ["Milho", "Soja"] });
    const other = field("single_choice", { options: ["Milho", "Soja"], orOther: true });
    expect(validateAnswer(plain, "other")).toEqual({ key: "invalidOption" });
    expect(validateAnswer(other, "other")).toBeNull();
    expect(validateAnswer(other, "Other")).toEqual({ key: "invalidOption" });
    const many = field("multiple_choice", { options: ["Milho", "Soja"], orOther: true });
    expect(validateAnswer(many, ["Soja", "other"])).toBeNull();
    expect(validateAnswer(many, ["other", "other"])).toEqual({ key: "invalidOption" });
  });

  it("refuses an option called other next to the Other option", () => {
    const result = designedFieldSchema.safeParse({
      fieldType: "single_choice",
      label: "Cultura",
      position: 0,
      config: { options: ["Milho", "Other"], orOther: true },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("otherOptionTaken");
  });
});

describe("or_other in a whole record (the sync's check)", () => {
  const fields = designedFieldsSchema
    .parse([
      {
        fieldType: "single_choice",
        name: "city",
        label: "Cidade",
        position: 0,
        config: { options: ["Campinas", "Santos"], orOther: true, choiceFilter: "name != 'Santos'" },
      },
      { fieldType: "text", name: "city_other", label: "Outra", position: 1, config: { relevant: "${city} = 'other'" } },
    ])
    .map((item, index) => ({ ...item, id: `id-${index}` }));

  it("keeps `other` and its text, offered whatever the filter keeps", () => {
    const result = validateRecord(fields, { "id-0": "other", "id-1": "Sorocaba" });
    expect(result.fieldErrors).toEqual({});
    expect(result.answers).toEqual({ "id-0": "other", "id-1": "Sorocaba" });
  });

  it("drops the text when other is not chosen and refuses options the filter leaves out", () => {
    expect(validateRecord(fields, { "id-0": "Campinas", "id-1": "Sorocaba" }).answers).toEqual({ "id-0": "Campinas" });
    expect(validateRecord(fields, { "id-0": "Santos" }).fieldErrors).toEqual({ "id-0": { key: "optionNotOffered" } });
  });
});

describe("randomize", () => {
  it("keeps the flag and a seed that names a field or is a number", () => {
    const config = { options: ["A", "B"], randomize: true };
    expect(field("single_choice", { ...config, randomSeed: "household_id" }).config).toMatchObject({
      randomize: true,
      randomSeed: "household_id",
    });
    expect(field("single_choice", { ...config, randomSeed: "42" }).config).toMatchObject({ randomSeed: "42" });
    const bad = designedFieldSchema.safeParse({
      fieldType: "single_choice",
      label: "L",
      position: 0,
      config: { ...config, randomSeed: "${x} + 1" },
    });
    expect(bad.error?.issues[0]?.message).toBe("invalidRandomSeed");
  });
});
