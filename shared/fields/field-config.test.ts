import { describe, expect, it } from "vitest";
import {
  applicationFormSchema,
  designedFieldSchema,
  designedFieldsSchema,
  FIELD_CONFIG_SCHEMAS,
  isTemporaryFieldId,
  listIncompleteFields,
  normalizeOptions,
  FIELDS_MAX,
  OPTIONS_MAX,
  toFieldErrors,
  NESTING_DEPTH_MAX,
} from "./field-config.ts";
import type { PathedFieldError } from "./field-errors.ts";
import { isFieldRequired } from "./answer-validation.ts";
import { FIELD_TYPES } from "./field-types.ts";
import { fieldsT } from "./test-i18n.ts";

function fieldErrors(input: unknown): PathedFieldError[] {
  const result = designedFieldSchema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

function appErrors(input: unknown): PathedFieldError[] {
  const result = applicationFormSchema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

const choice = (options: unknown) => ({ fieldType: "single_choice", label: "Cor", position: 0, config: { options } });

describe("designed field", () => {
  it("accepts every type with a label and fills config defaults", () => {
    for (const fieldType of FIELD_TYPES) {
      const config =
        fieldType.endsWith("_choice") || fieldType === "rank"
          ? { options: ["A"] }
          : fieldType === "calculation"
            ? { calculation: "1 + 1" }
            : fieldType === "metadata"
              ? { kind: "start" }
              : {};
      const parsed = designedFieldSchema.parse({ fieldType, label: "Campo", position: 0, config });
      expect(isFieldRequired({ ...parsed, id: "f" })).toBe(false);
      expect(parsed.parentName).toBeNull();
    }
    const number = designedFieldSchema.parse({ fieldType: "number", label: "Idade", position: 1 });
    expect(number.config).toMatchObject({ format: "decimal", required: false });
    const text = designedFieldSchema.parse({ fieldType: "text", label: "Nome", position: 0, config: null });
    expect(text.config).toMatchObject({ format: "plain" });
    const photo = designedFieldSchema.parse({ fieldType: "photo", label: "Foto", position: 0, config: {} });
    expect(photo.config).toMatchObject({ captureMode: "both", maxSize: 5 });
  });

  it("rejects an unknown field type", () => {
    expect(fieldErrors({ fieldType: "checkbox", label: "x", position: 0 })).toEqual([
      { key: "unknownFieldType", path: "fieldType" },
    ]);
    expect(fieldErrors({ label: "x", position: 0 })).toEqual([{ key: "unknownFieldType", path: "fieldType" }]);
  });

  it("requires a trimmed label of 1 to 2000 characters", () => {
    expect(designedFieldSchema.parse({ fieldType: "text", label: "  Nome  ", position: 0 }).label).toBe("Nome");
    expect(fieldErrors({ fieldType: "text", label: "   ", position: 0 }).map((e) => e.key)).toEqual(["labelRequired"]);
    expect(fieldErrors({ fieldType: "text", position: 0 }).map((e) => e.key)).toEqual(["labelRequired"]);
    expect(fieldErrors({ fieldType: "text", label: "a".repeat(2000), position: 0 })).toEqual([]);
    expect(fieldErrors({ fieldType: "text", label: "a".repeat(2001), position: 0 })).toEqual([
      { key: "labelTooLong", path: "label", params: { max: 2000 } },
    ]);
  });

  it("limits the description to 2000 characters, as long as a label", () => {
    const base = { fieldType: "date", label: "Dia", position: 0 };
    expect(fieldErrors({ ...base, config: { description: "d".repeat(2000) } })).toEqual([]);
    expect(fieldErrors({ ...base, config: { description: "d".repeat(2001) } })).toEqual([
      { key: "descriptionTooLong", path: "config.description", params: { max: 2000 } },
    ]);
  });

  it("strips config keys the type does not use", () => {
    const parsed = designedFieldSchema.parse({
      fieldType: "text",
      label: "Nome",
      position: 0,
      config: { required: true, fieldLabel: "Nome", minValue: 3, options: ["a"], surprise: 1 },
      extra: true,
    });
    expect(parsed.config).toEqual({ required: true, format: "plain" });
    expect(parsed).not.toHaveProperty("extra");
  });

  it("derives the category from the type", () => {
    expect(designedFieldSchema.parse({ fieldType: "gps", label: "Local", position: 0 }).category).toBe("location");
    expect(
      designedFieldSchema.parse({ fieldType: "photo", label: "Foto", position: 0, category: "basic" }).category,
    ).toBe("media");
    expect(
      fieldErrors({ fieldType: "photo", label: "Foto", position: 0, category: "Mídia" }).map((e) => e.key),
    ).toEqual(["invalidConfig"]);
  });

  it("requires a whole, non-negative position", () => {
    expect(fieldErrors({ fieldType: "text", label: "a", position: -1 }).map((e) => e.path)).toEqual(["position"]);
    expect(fieldErrors({ fieldType: "text", label: "a", position: 1.5 }).map((e) => e.path)).toEqual(["position"]);
  });

  it("accepts a stored uuid or a designer's temporary id", () => {
    const base = { fieldType: "text", label: "a", position: 0 };
    expect(fieldErrors({ ...base, id: "6f1c2a9e-3b4d-4c5e-8f70-112233445566" })).toEqual([]);
    expect(fieldErrors({ ...base, id: "field-1700000000000-ab3" })).toEqual([]);
    expect(fieldErrors({ ...base, id: "abc" })).toEqual([{ key: "invalidFieldId", path: "id" }]);
    expect(isTemporaryFieldId("field-123")).toBe(true);
    expect(isTemporaryFieldId("6f1c2a9e-3b4d-4c5e-8f70-112233445566")).toBe(false);
  });

  describe("number config", () => {
    const number = (config: Record<string, unknown>) => ({ fieldType: "number", label: "Valor", position: 0, config });

    it("accepts the four formats and rejects others", () => {
      for (const format of ["decimal", "integer", "percentage", "currency"])
        expect(fieldErrors(number({ format }))).toEqual([]);
      expect(fieldErrors(number({ format: "Decimal" })).map((e) => e.key)).toEqual(["invalidConfig"]);
    });

    it("requires min ≤ max when both are set", () => {
      expect(fieldErrors(number({ minValue: 1, maxValue: 1 }))).toEqual([]);
      expect(fieldErrors(number({ minValue: 5 }))).toEqual([]);
      expect(fieldErrors(number({ maxValue: -5 }))).toEqual([]);
      expect(fieldErrors(number({ minValue: 5, maxValue: 1 }))).toEqual([
        { key: "minGreaterThanMax", path: "config.maxValue" },
      ]);
    });

    it("treats a cleared (null) bound as no bound", () => {
      const parsed = designedFieldSchema.parse(number({ minValue: null, maxValue: 10 }));
      expect(parsed.fieldType === "number" && parsed.config.minValue).toBeUndefined();
      expect(fieldErrors(number({ minValue: "3" })).map((e) => e.path)).toEqual(["config.minValue"]);
    });
  });

  describe("choice options", () => {
    it("are required for single and multiple choice", () => {
      for (const fieldType of ["single_choice", "multiple_choice"]) {
        expect(fieldErrors({ fieldType, label: "Cor", position: 0 }).map((e) => e.key)).toEqual(["optionsRequired"]);
        expect(
          fieldErrors({ fieldType, label: "Cor", position: 0, config: { options: [] } }).map((e) => e.key),
        ).toEqual(["optionsRequired"]);
      }
    });

    it("are trimmed, non-empty, unique and at most 200 characters", () => {
      const parsed = designedFieldSchema.parse(choice([" Azul ", "Verde"]));
      expect(parsed.fieldType === "single_choice" && parsed.config.options).toEqual(["Azul", "Verde"]);
      expect(fieldErrors(choice(["Azul", "  "])).map((e) => [e.key, e.path])).toEqual([
        ["optionEmpty", "config.options.1"],
      ]);
      expect(fieldErrors(choice(["Azul", "azul "])).map((e) => e.key)).toEqual(["duplicateOption"]);
      expect(fieldErrors(choice(["x".repeat(200)]))).toEqual([]);
      expect(fieldErrors(choice(["x".repeat(201)]))).toEqual([
        { key: "optionTooLong", path: "config.options.0", params: { max: 200 } },
      ]);
    });

    it("number between 1 and OPTIONS_MAX (10,000, for the long lists ODK teams use)", () => {
      const many = (count: number) => Array.from({ length: count }, (_, index) => `Opção ${index}`);
      expect(fieldErrors(choice(many(OPTIONS_MAX)))).toEqual([]);
      expect(fieldErrors(choice(many(OPTIONS_MAX + 1)))).toEqual([
        { key: "tooManyOptions", path: "config.options", params: { max: OPTIONS_MAX } },
      ]);
    });
  });

  it("limits photos to the four sizes and three capture modes", () => {
    const photo = (config: Record<string, unknown>) => ({ fieldType: "photo", label: "Foto", position: 0, config });
    for (const maxSize of [1, 2, 5, 10]) expect(fieldErrors(photo({ maxSize }))).toEqual([]);
    expect(fieldErrors(photo({ maxSize: 3 })).map((e) => e.path)).toEqual(["config.maxSize"]);
    for (const captureMode of ["camera", "gallery", "both"]) expect(fieldErrors(photo({ captureMode }))).toEqual([]);
    expect(fieldErrors(photo({ captureMode: "scanner" })).map((e) => e.path)).toEqual(["config.captureMode"]);
  });

  it("produces errors whose messages render fully in every language", async () => {
    const errors = [
      ...fieldErrors({
        fieldType: "text",
        label: "a".repeat(201),
        position: 0,
        config: { description: "d".repeat(1001) },
      }),
      ...fieldErrors(choice(["x".repeat(201), "x".repeat(201)])),
      ...appErrors({ name: "n".repeat(121), fields: Array.from({ length: FIELDS_MAX + 1 }, () => ({})) }),
    ];
    expect(errors.length).toBeGreaterThan(4);
    for (const language of ["pt-BR", "en", "es"] as const) {
      const t = await fieldsT(language);
      for (const error of errors) {
        const text = t(error.key, error.params);
        expect(text).not.toBe(error.key);
        expect(text).not.toContain("{{");
      }
    }
  });
});

describe("normalizeOptions", () => {
  it("trims, ignores empties and repeats (case-insensitively), keeping the first spelling", () => {
    expect(normalizeOptions([" Sim ", "", "   ", "Não", "sim", "Talvez"])).toEqual(["Sim", "Não", "Talvez"]);
  });

  it("splits pasted text into one option per line", () => {
    expect(normalizeOptions("Azul\r\n Verde \n\nAzul\n")).toEqual(["Azul", "Verde"]);
  });

  it("gives nothing for blank input", () => {
    expect(normalizeOptions("   ")).toEqual([]);
    expect(normalizeOptions([])).toEqual([]);
  });
});

describe("listIncompleteFields", () => {
  it("lists each field that cannot be saved, with its index, id and errors", () => {
    const incomplete = listIncompleteFields([
      { id: "field-a", fieldType: "text", label: "Nome", position: 0 },
      { id: "field-b", fieldType: "single_choice", label: "Cor", position: 1, config: { options: [] } },
      { fieldType: "number", label: "", position: 2 },
      { id: "field-d" },
      null,
    ]);
    expect(incomplete).toEqual([
      { index: 1, id: "field-b", errors: [{ key: "optionsRequired", path: "config.options", params: { min: 1 } }] },
      { index: 2, errors: [{ key: "labelRequired", path: "label", params: { min: 1 } }] },
      { index: 3, id: "field-d", errors: [{ key: "unknownFieldType", path: "fieldType" }] },
      { index: 4, errors: [{ key: "unknownFieldType", path: "" }] },
    ]);
  });

  it("is empty when every field is complete", () => {
    expect(listIncompleteFields([{ fieldType: "gps", label: "Local", position: 0 }])).toEqual([]);
  });
});

describe("application form", () => {
  it("trims the name and applies defaults", () => {
    expect(applicationFormSchema.parse({ name: "  Vistoria  " })).toEqual({
      name: "Vistoria",
      visibility: "team",
      active: true,
      sectionPages: false,
      fields: [],
    });
  });

  it("requires a name of 1 to 120 characters", () => {
    expect(appErrors({ name: "   " }).map((e) => e.key)).toEqual(["appNameRequired"]);
    expect(appErrors({}).map((e) => e.key)).toEqual(["appNameRequired"]);
    expect(appErrors({ name: "n".repeat(120) })).toEqual([]);
    expect(appErrors({ name: "n".repeat(121) })).toEqual([
      { key: "appNameTooLong", path: "name", params: { max: 120 } },
    ]);
  });

  it("limits the description to 1000 characters", () => {
    expect(appErrors({ name: "a", description: "d".repeat(1000) })).toEqual([]);
    expect(appErrors({ name: "a", description: "d".repeat(1001) }).map((e) => e.key)).toEqual(["descriptionTooLong"]);
  });

  it("accepts visibility team or specific and a boolean active flag", () => {
    expect(applicationFormSchema.parse({ name: "a", visibility: "specific", active: false })).toMatchObject({
      visibility: "specific",
      active: false,
    });
    expect(appErrors({ name: "a", visibility: "public" }).map((e) => e.path)).toEqual(["visibility"]);
    expect(appErrors({ name: "a", active: "yes" }).map((e) => e.path)).toEqual(["active"]);
  });

  it("holds at most FIELDS_MAX fields with distinct ids", () => {
    const fields = (count: number) =>
      Array.from({ length: count }, (_, position) => ({
        id: `field-${position}`,
        fieldType: "text",
        label: "t",
        position,
      }));
    expect(appErrors({ name: "a", fields: fields(FIELDS_MAX) })).toEqual([]);
    expect(appErrors({ name: "a", fields: fields(FIELDS_MAX + 1) })).toEqual([
      { key: "tooManyFields", path: "fields", params: { max: FIELDS_MAX } },
    ]);
    const repeated = [...fields(2), { id: "field-0", fieldType: "date", label: "d", position: 2 }];
    expect(appErrors({ name: "a", fields: repeated })).toEqual([{ key: "duplicateFieldId", path: "fields" }]);
  });

  it("reports field errors under the field's path", () => {
    expect(appErrors({ name: "a", fields: [{ fieldType: "text", label: "ok", position: 0 }, choice([])] })).toEqual([
      { key: "optionsRequired", path: "fields.1.config.options", params: { min: 1 } },
    ]);
  });
});

describe("field names and structure", () => {
  const field = (label: string, extra: Record<string, unknown> = {}) => ({
    fieldType: "text",
    label,
    position: 0,
    ...extra,
  });

  it("names unnamed fields from their labels, without accents and never twice", () => {
    const parsed = designedFieldsSchema.parse([
      field("Área plantada (ha)"),
      field("Área plantada (ha)"),
      field("1º contato"),
      field("Nome", { name: "area_plantada_ha_3" }),
    ]);
    expect(parsed.map((entry) => entry.name)).toEqual([
      "area_plantada_ha",
      "area_plantada_ha_2",
      "campo_1_contato",
      "area_plantada_ha_3",
    ]);
  });

  it("refuses repeated or malformed names, unknown parents and nested containers", () => {
    const issues = designedFieldsSchema.safeParse([
      field("A", { name: "dup" }),
      field("B", { name: "DUP" }),
      field("C", { name: "9x" }),
      field("D", { parentName: "missing" }),
      { fieldType: "section", label: "S", position: 4, name: "s" },
      { fieldType: "repeat", label: "R", position: 5, name: "r", parentName: "s" },
      field("E", { parentName: "r" }),
    ]);
    expect(issues.success).toBe(false);
    const errors = issues.success ? [] : toFieldErrors(issues.error);
    expect(errors.map((entry) => `${entry.path}:${entry.key}`).sort()).toEqual(["2.name:invalidFieldName"]);
    const structural = designedFieldsSchema.safeParse([
      field("A", { name: "dup" }),
      field("B", { name: "DUP" }),
      field("D", { parentName: "missing" }),
      { fieldType: "section", label: "S", position: 4, name: "s" },
      { fieldType: "repeat", label: "R", position: 5, name: "r", parentName: "s" },
      field("E", { parentName: "r" }),
    ]);
    const structuralErrors = structural.success ? [] : toFieldErrors(structural.error);
    expect(structuralErrors.map((entry) => `${entry.path}:${entry.key}`).sort()).toEqual([
      "1.name:duplicateFieldName",
      "2.parentName:invalidParent",
    ]);
  });

  it("nests containers at any depth up to the cap, and refuses a parent loop", () => {
    const chain = (depth: number) =>
      Array.from({ length: depth + 1 }, (_, level) => ({
        fieldType: level === depth ? "text" : level % 2 === 0 ? "repeat" : "section",
        label: `L${level}`,
        name: `l${level}`,
        position: level,
        parentName: level === 0 ? null : `l${level - 1}`,
      }));
    expect(designedFieldsSchema.safeParse(chain(NESTING_DEPTH_MAX)).success).toBe(true);
    const deep = designedFieldsSchema.safeParse(chain(NESTING_DEPTH_MAX + 1));
    expect(deep.success ? [] : toFieldErrors(deep.error).map((entry) => `${entry.path}:${entry.key}`)).toEqual([
      `${NESTING_DEPTH_MAX + 1}.parentName:nestingTooDeep`,
    ]);
    const loop = designedFieldsSchema.safeParse([
      { fieldType: "section", label: "A", name: "a", position: 0, parentName: "b" },
      { fieldType: "repeat", label: "B", name: "b", position: 1, parentName: "a" },
    ]);
    expect(loop.success ? [] : toFieldErrors(loop.error).map((entry) => `${entry.path}:${entry.key}`)).toEqual([
      "0.parentName:invalidParent",
      "1.parentName:invalidParent",
    ]);
  });

  it("keeps a repeat's count bounds in order", () => {
    const repeat = { fieldType: "repeat", label: "Árvores", position: 0, config: { minCount: 3, maxCount: 2 } };
    const result = designedFieldSchema.safeParse(repeat);
    expect(result.success ? [] : toFieldErrors(result.error)).toEqual([{ key: "countRange", path: "config.maxCount" }]);
  });
});

describe("option images", () => {
  const config = (optionImages: Record<string, string>) =>
    FIELD_CONFIG_SCHEMAS.single_choice.safeParse({ options: ["Vaca", "Cabra"], optionImages });

  it("keeps image names of the field's options and drops those of options it no longer has", () => {
    expect(config({ Vaca: "cow.png", Boi: "ox.png" })).toMatchObject({
      success: true,
      data: { optionImages: { Vaca: "cow.png" } },
    });
    expect(config({ Boi: "ox.png" })).toMatchObject({ success: true });
    expect(config({ Boi: "ox.png" }).data).not.toHaveProperty("optionImages");
  });

  it("refuses names that are not an attached image's", () => {
    for (const name of ["cow.csv", "../cow.png", "cow", "a/b.png"])
      expect(config({ Vaca: name }).error?.issues[0]?.message).toBe("invalidOptionImage");
  });
});
