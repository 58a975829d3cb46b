import { describe, expect, it } from "vitest";
import { designedFieldSchema } from "../fields/field-config.ts";
import { analyzeForm, evaluateForm, validateRecord } from "./index.ts";
import { form } from "./test-form.ts";

const NOW = { now: new Date("2026-05-01T12:00:00Z"), utcOffsetMinutes: 0 };

describe("a required answer under a condition (requiredWhen)", () => {
  const fields = form(
    { name: "idade", fieldType: "number" },
    { name: "documento", fieldType: "text", config: { required: true, requiredWhen: "${idade} > 18" } },
    {
      name: "motivo",
      fieldType: "text",
      config: { required: true, requiredWhen: "${idade} > 60", requiredMessage: "Diga o motivo" },
    },
    { name: "sempre", fieldType: "text", config: { required: true } },
    { name: "arvores", fieldType: "repeat" },
    { name: "estado", fieldType: "single_choice", parentName: "arvores", config: { options: ["Viva", "Morta"] } },
    {
      name: "altura",
      fieldType: "number",
      parentName: "arvores",
      config: { required: true, requiredWhen: "${estado} = ‘Morta’" },
    },
  );

  it("refuses a missing answer only while the condition holds", () => {
    expect(validateRecord(fields, { idade: 30, sempre: "x" }, NOW).fieldErrors).toEqual({
      documento: { key: "required" },
    });
    expect(validateRecord(fields, { idade: 10, sempre: "x" }, NOW)).toMatchObject({ valid: true, fieldErrors: {} });
    expect(validateRecord(fields, { sempre: "x" }, NOW).valid).toBe(true);
    expect(validateRecord(fields, { idade: 70, documento: "RG", sempre: "x" }, NOW).fieldErrors).toEqual({
      motivo: { key: "customMessage", params: { message: "Diga o motivo" } },
    });
  });

  it("keeps a required field without a condition always required", () => {
    expect(validateRecord(fields, { idade: 10 }, NOW).fieldErrors).toEqual({ sempre: { key: "required" } });
  });

  it("follows the condition per repeat entry", () => {
    const answers = { idade: 10, sempre: "x", arvores: [{ estado: "Viva" }, { estado: "Morta" }] };
    expect(validateRecord(fields, answers, NOW).fieldErrors).toEqual({ "arvores.1.altura": { key: "required" } });
    expect(evaluateForm(fields, answers, NOW).required).toMatchObject({
      documento: false,
      sempre: true,
      "arvores.0.altura": false,
      "arvores.1.altura": true,
    });
  });

  it("tells the collect form which answers are required now", () => {
    expect(evaluateForm(fields, { idade: 30 }, NOW).required).toMatchObject({ documento: true, motivo: false });
    expect(evaluateForm(fields, { idade: 61 }, NOW).required).toMatchObject({ documento: true, motivo: true });
  });

  it("is checked with the form's other expressions", () => {
    const draft = form({ name: "a", fieldType: "text", config: { required: true, requiredWhen: "${nada} = 1" } });
    expect(analyzeForm(draft)).toEqual([
      expect.objectContaining({ property: "requiredWhen", error: expect.objectContaining({ key: "unknownField" }) }),
    ]);
  });

  it("stores forms without a condition as before", () => {
    const parsed = designedFieldSchema.parse({
      fieldType: "text",
      label: "A",
      name: "a",
      parentName: null,
      position: 0,
      config: { required: true, requiredWhen: "  " },
    });
    expect(parsed.config).not.toHaveProperty("requiredWhen", expect.anything());
  });
});
