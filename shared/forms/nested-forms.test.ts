import { describe, expect, it } from "vitest";
import { form, type Spec } from "./test-form.ts";
import { designedFieldsSchema } from "../fields/field-config.ts";
import { parseExpression } from "../expressions/index.ts";
import { RECORD_ENTRIES_MAX } from "./entry-caps.ts";
import { analyzeForm, evaluateForm, initialAnswers, newRepeatEntry, validateRecord } from "./index.ts";

const NOW = { now: new Date("2026-05-01T12:00:00Z"), utcOffsetMinutes: 0 };

/** Household → members (repeat) → visits (repeat) → a section inside each visit: three levels of entries. */
const householdSpecs: Spec[] = [
  { name: "village", fieldType: "text", config: { defaultValue: "'Vila'" } },
  { name: "house", fieldType: "section" },
  { name: "members", fieldType: "repeat", parentName: "house", config: { minCount: 1 } },
  { name: "member_name", fieldType: "text", parentName: "members", config: { required: true } },
  { name: "age", fieldType: "number", parentName: "members" },
  { name: "planned", fieldType: "number", parentName: "members" },
  { name: "member_no", fieldType: "calculation", parentName: "members", config: { calculation: "position(..)" } },
  {
    name: "visits",
    fieldType: "repeat",
    parentName: "members",
    config: { relevant: "${age} > 1", repeatCount: "${planned}" },
  },
  { name: "visit_details", fieldType: "section", parentName: "visits" },
  {
    name: "cost",
    fieldType: "number",
    parentName: "visit_details",
    config: { constraint: ". <= 100", defaultValue: "${planned} * 10" },
  },
  {
    name: "tag",
    fieldType: "calculation",
    parentName: "visit_details",
    config: { calculation: "concat(${member_name}, '-', position(../..), '/', position(..), '@', ${village})" },
  },
  { name: "child_note", fieldType: "text", parentName: "visit_details", config: { relevant: "${age} < 5" } },
  { name: "member_total", fieldType: "calculation", parentName: "members", config: { calculation: "sum(${cost})" } },
  { name: "total_cost", fieldType: "calculation", config: { calculation: "sum(${cost})" } },
  { name: "member_count", fieldType: "calculation", config: { calculation: "count(${members})" } },
  { name: "visit_count", fieldType: "calculation", config: { calculation: "count(${visits})" } },
  { name: "highest", fieldType: "calculation", config: { calculation: "max(${cost})" } },
  { name: "lowest", fieldType: "calculation", config: { calculation: "min(${cost})" } },
  {
    name: "second_first",
    fieldType: "calculation",
    config: { calculation: "indexed-repeat(${cost}, ${members}, 2, ${visits}, 1)" },
  },
];
const household = form(...householdSpecs);

const answers = {
  village: "Riacho",
  members: [
    { member_name: "Ana", age: 40, planned: 2, visits: [{ cost: 10 }, { cost: 20 }] },
    { member_name: "Bia", age: 3, planned: 1, visits: [{ cost: 7, child_note: "vacina" }] },
    { member_name: "Caio", age: 1, planned: 0 },
  ],
};

describe("nested repeats: the form model and its logic", () => {
  it("accepts the tree in the designer's schema and finds nothing wrong with its expressions", () => {
    const designed = household.map(({ id: _id, ...field }) => field);
    expect(designedFieldsSchema.safeParse(designed).success).toBe(true);
    expect(analyzeForm(household)).toEqual([]);
  });

  it("keys answers by the entry of every repeat on the way down", () => {
    const evaluation = evaluateForm(household, answers, NOW);
    expect(evaluation.entryCounts).toEqual({
      members: 3,
      "members.0.visits": 2,
      "members.1.visits": 1,
      "members.2.visits": 0,
    });
    expect(evaluation.visible).toMatchObject({
      "members.0.visits": true,
      "members.2.visits": false,
      "members.0.visits.1.cost": true,
      "members.0.visits.0.child_note": false,
      "members.1.visits.0.child_note": true,
    });
  });

  it("reads the current entry of each outer repeat, positions at each level and lists across entries", () => {
    const { calculated } = evaluateForm(household, answers, NOW);
    expect(calculated).toMatchObject({
      "members.1.member_no": 2,
      "members.0.visits.1.tag": "Ana-2/1@Riacho",
      "members.1.visits.0.tag": "Bia-1/1@Riacho",
      "members.0.member_total": 30,
      "members.1.member_total": 7,
      total_cost: 37,
      member_count: 3,
      visit_count: 3,
      highest: 20,
      lowest: 7,
      second_first: 7,
    });
  });

  it("asks repeat_count's number of entries of each shown entry", () => {
    const { requiredCounts } = evaluateForm(household, answers, NOW);
    expect(requiredCounts).toEqual({ "members.0.visits": 2, "members.1.visits": 1 });
  });

  it("checks a bad answer two levels down under its full path and stores the rest", () => {
    const sent = structuredClone(answers);
    const first = sent.members[0];
    if (first?.visits?.[1]) first.visits[1] = { cost: 500 };
    const result = validateRecord(household, sent, NOW);
    expect(result.fieldErrors).toEqual({ "members.0.visits.1.cost": { key: "constraintFailed" } });
    expect(result.answers.members).toEqual([
      {
        member_name: "Ana",
        age: 40,
        planned: 2,
        member_no: 1,
        member_total: 510,
        visits: [
          { cost: 10, tag: "Ana-1/1@Riacho" },
          { cost: 500, tag: "Ana-2/1@Riacho" },
        ],
      },
      {
        member_name: "Bia",
        age: 3,
        planned: 1,
        member_no: 2,
        member_total: 7,
        visits: [{ cost: 7, tag: "Bia-1/1@Riacho", child_note: "vacina" }],
      },
      { member_name: "Caio", age: 1, planned: 0, member_no: 3, member_total: 0 },
    ]);
  });

  it("refuses unknown answers, a wrong shape and a count off repeat_count, each at its entry", () => {
    const result = validateRecord(
      household,
      {
        members: [
          { member_name: "Ana", age: 40, planned: 1, visits: [{ cost: 1, intruder: 1 }, { cost: 2 }] },
          { age: 9, planned: 1, visits: "many" },
        ],
      },
      NOW,
    );
    expect(result.valid).toBe(false);
    expect(result.fieldErrors).toEqual({
      "members.0.visits": { key: "repeatMaxCount", params: { max: 1 } },
      "members.0.visits.0.intruder": { key: "unknownField" },
      "members.1.member_name": { key: "required" },
      "members.1.visits": { key: "invalidValue" },
    });
  });

  it("drops the entries of a repeat its condition hides, however deep", () => {
    const result = validateRecord(
      household,
      { members: [{ member_name: "Caio", age: 1, planned: 1, visits: [{ cost: 900 }] }] },
      NOW,
    );
    expect(result.valid).toBe(true);
    expect(result.answers.members).toEqual([
      { member_name: "Caio", age: 1, planned: 1, member_no: 1, member_total: 0 },
    ]);
  });

  it("refuses a record past the entry caps alone, with the path of the repeat that passed them", () => {
    const visits = Array.from({ length: 400 }, () => ({ cost: 1 }));
    const members = Array.from({ length: 6 }, () => ({ member_name: "X", age: 30, planned: 400, visits }));
    const result = validateRecord(household, { members }, NOW);
    expect(result).toEqual({
      valid: false,
      answers: {},
      fieldErrors: { "members.4.visits": { key: "tooManyEntries", params: { max: RECORD_ENTRIES_MAX } } },
    });
    const long = validateRecord(household, { members: Array.from({ length: 501 }, () => ({})) }, NOW);
    expect(long.fieldErrors).toEqual({ members: { key: "repeatMaxCount", params: { max: 500 } } });
  });

  it("fills defaults and minimum entries at every level, reading the entries around a new one", () => {
    expect(initialAnswers(household, NOW)).toEqual({ village: "Vila", members: [{}] });
    const entry = newRepeatEntry(household, "visits", answers, NOW, [1]);
    expect(entry).toEqual({ cost: 10 });
  });

  it("reads an outer repeat's field from inside as one value and from outside as a list", () => {
    const issues = analyzeForm(
      form(
        ...householdSpecs,
        { name: "bad", fieldType: "calculation", parentName: "visits", config: { calculation: "${age} + ${cost}" } },
        { name: "worse", fieldType: "calculation", config: { calculation: "${age} + 1" } },
      ),
    );
    expect(issues.map((issue) => `${issue.fieldName}:${issue.error.key}`)).toEqual(["worse:typeMismatch"]);
  });
});

describe("the repeat functions' spelling", () => {
  it("takes XPath's `..` paths in position() only, and references in indexed-repeat()'s field and repeats", () => {
    expect(parseExpression("position(../..) + 1").ok).toBe(true);
    expect(parseExpression("indexed-repeat(${a}, ${r}, 1, ${s}, position(..))").ok).toBe(true);
    const refused = ["position(1)", "..", "indexed-repeat('a', ${r}, 1)", "indexed-repeat(${a}, ${r}, 1, ${s})"];
    for (const source of refused) expect(parseExpression(source)).toMatchObject({ ok: false });
  });
});
