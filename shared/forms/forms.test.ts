import { describe, expect, it } from "vitest";
import { form, type Spec } from "./test-form.ts";
import { designedFieldSchema, designedFieldsSchema, toFieldErrors } from "../fields/field-config.ts";
import {
  analyzeForm,
  evaluateForm,
  fieldText,
  initialAnswers,
  newRepeatEntry,
  recordClock,
  validateRecord,
  type DraftLogicField,
} from "./index.ts";

const NOW = { now: new Date("2026-05-01T12:00:00Z"), utcOffsetMinutes: 0 };

describe("evaluateForm", () => {
  const fields = form(
    { name: "idade", fieldType: "number" },
    { name: "menor", fieldType: "section", config: { relevant: "${idade} < 18" } },
    { name: "responsavel", fieldType: "text", parentName: "menor", config: { required: true } },
    { name: "aviso", fieldType: "note", config: { relevant: "${responsavel} != ''" } },
    { name: "codigo", fieldType: "text", config: { constraint: "string-length(.) = 3" } },
    { name: "arvores", fieldType: "repeat", config: { relevant: "${idade} > 0" } },
    { name: "altura", fieldType: "number", parentName: "arvores" },
    { name: "alta", fieldType: "calculation", parentName: "arvores", config: { calculation: "${altura} > 10" } },
    { name: "obs", fieldType: "text", parentName: "arvores", config: { relevant: "${alta}" } },
    { name: "total", fieldType: "calculation", config: { calculation: "sum(${altura})" } },
    { name: "quantas", fieldType: "calculation", config: { calculation: "count(${arvores})" } },
  );

  it("shows a section's children only when the section is shown", () => {
    const minor = evaluateForm(fields, { idade: 12, responsavel: "Ana" }, NOW);
    expect(minor.visible).toMatchObject({ menor: true, responsavel: true, aviso: true });
    const adult = evaluateForm(fields, { idade: 30, responsavel: "Ana" }, NOW);
    expect(adult.visible).toMatchObject({ menor: false, responsavel: false, aviso: false });
  });

  it("evaluates repeat children per entry and sums them from outside", () => {
    const evaluation = evaluateForm(fields, { idade: 30, arvores: [{ altura: 12 }, { altura: 3 }] }, NOW);
    expect(evaluation.entryCounts).toEqual({ arvores: 2 });
    expect(evaluation.calculated).toMatchObject({
      "arvores.0.alta": true,
      "arvores.1.alta": false,
      total: 15,
      quantas: 2,
    });
    expect(evaluation.visible).toMatchObject({ "arvores.0.obs": true, "arvores.1.obs": false });
  });

  it("hides a repeat's entries with the repeat", () => {
    const evaluation = evaluateForm(fields, { idade: 0, arvores: [{ altura: 12 }] }, NOW);
    expect(evaluation.visible).toMatchObject({ arvores: false, "arvores.0.altura": false });
    expect(evaluation.calculated).toMatchObject({ total: 0 });
  });

  it("reports failed constraints of answered, shown fields only", () => {
    expect(evaluateForm(fields, { codigo: "ab" }, NOW).constraintErrors).toEqual({
      codigo: { key: "constraintFailed" },
    });
    expect(evaluateForm(fields, { codigo: "abc" }, NOW).constraintErrors).toEqual({});
    expect(evaluateForm(fields, {}, NOW).constraintErrors).toEqual({});
  });
});

describe("validateRecord", () => {
  const fields = form(
    { name: "idade", fieldType: "number", config: { required: true, requiredMessage: "Informe a idade" } },
    { name: "motivo", fieldType: "text", config: { required: true, relevant: "${idade} < 18" } },
    {
      name: "fim",
      fieldType: "date",
      config: { constraint: ". >= ${inicio}", constraintMessage: "O fim vem depois do início" },
    },
    { name: "inicio", fieldType: "date" },
    { name: "dia", fieldType: "calculation", config: { calculation: "today()" } },
    { name: "lotes", fieldType: "repeat", config: { minCount: 1, maxCount: 2 } },
    { name: "area", fieldType: "number", parentName: "lotes", config: { required: true, constraint: ". > 0" } },
    { name: "nota", fieldType: "note" },
  );

  it("stores shown answers and recomputed calculations, and drops the rest", () => {
    const result = validateRecord(
      fields,
      { idade: 30, motivo: "oculto", dia: "falso", nota: "x", lotes: [{ area: 2 }] },
      { now: new Date("2026-05-02T01:00:00Z"), utcOffsetMinutes: -180 },
    );
    expect(result).toEqual({
      valid: true,
      answers: { idade: 30, dia: "2026-05-01", lotes: [{ area: 2 }] },
      fieldErrors: {},
    });
  });

  it("uses the designer's messages for required answers and constraints", () => {
    const result = validateRecord(fields, { fim: "2026-01-01", inicio: "2026-02-01", lotes: [{ area: 1 }] }, NOW);
    expect(result.fieldErrors).toEqual({
      idade: { key: "customMessage", params: { message: "Informe a idade" } },
      fim: { key: "customMessage", params: { message: "O fim vem depois do início" } },
    });
  });

  it("checks each entry and the entry count", () => {
    expect(validateRecord(fields, { idade: 30, lotes: [] }, NOW).fieldErrors).toEqual({
      lotes: { key: "repeatMinCount", params: { min: 1 } },
    });
    expect(
      validateRecord(fields, { idade: 30, lotes: [{ area: 1 }, { area: 2 }, { area: 3 }] }, NOW).fieldErrors,
    ).toEqual({
      lotes: { key: "repeatMaxCount", params: { max: 2 } },
    });
    expect(validateRecord(fields, { idade: 30, lotes: [{ area: -1 }, {}] }, NOW).fieldErrors).toEqual({
      "lotes.0.area": { key: "constraintFailed" },
      "lotes.1.area": { key: "required" },
    });
    expect(validateRecord(fields, { idade: 30, lotes: [{ area: 1 }, "x"] }, NOW).fieldErrors).toEqual({
      lotes: { key: "invalidValue" },
    });
    expect(validateRecord(fields, { idade: 30, lotes: "x" }, NOW).fieldErrors).toEqual({
      lotes: { key: "invalidValue" },
    });
  });

  it("refuses unknown fields but keeps retired ones as sent", () => {
    const result = validateRecord(
      fields,
      { idade: 1, motivo: "m", lotes: [{ area: 1, velho: 2 }], antigo: 3, x: 1 },
      {
        ...NOW,
        retiredFieldIds: ["antigo", "velho"],
      },
    );
    expect(result.fieldErrors).toEqual({ x: { key: "unknownField" } });
    expect(result.answers).toMatchObject({ antigo: 3, lotes: [{ area: 1, velho: 2 }] });
  });

  it("refuses answers that are not an object", () => {
    expect(validateRecord(fields, [], NOW)).toMatchObject({ valid: false, formError: { key: "invalidAnswers" } });
  });
});

describe("validateRecord bounds what calculations compute", () => {
  /** `c1 = concat(${c0}, ${c0})` and so on: each step doubles the text. */
  const doubling = (steps: number) =>
    form(
      { name: "c0", fieldType: "text" },
      ...Array.from({ length: steps }, (_, index) => ({
        name: `c${index + 1}`,
        fieldType: "calculation" as const,
        config: { calculation: `concat(\${c${index}}, \${c${index}})` },
      })),
    );
  /** The outcome without the (long) answers, so a failure prints readably. */
  const outcome = (result: ReturnType<typeof validateRecord>) => ({
    valid: result.valid,
    stored: Object.keys(result.answers).length,
    formError: result.formError,
  });
  const tooLarge = { valid: false, stored: 0, formError: { key: "answersTooLarge", params: { maxKb: 256 } } };

  it("refuses a record whose calculations pass the record's size, without building the text", () => {
    expect(outcome(validateRecord(doubling(30), { c0: "x".repeat(1024) }, NOW))).toEqual(tooLarge);
    expect(outcome(validateRecord(doubling(3), { c0: "x".repeat(1024) }, NOW))).toEqual({
      valid: true,
      stored: 4,
      formError: undefined,
    });
  });

  it("counts every calculation the record keeps, not only the longest", () => {
    // The longest value is 141 KB; together they make 281 KB.
    expect(outcome(validateRecord(doubling(7), { c0: "x".repeat(1100) }, NOW))).toEqual(tooLarge);
  });

  it("refuses a record whose logic outlives its time budget", () => {
    expect(validateRecord(doubling(10), { c0: "x" }, { ...NOW, budgetMs: -1 })).toEqual({
      valid: false,
      answers: {},
      fieldErrors: {},
      formError: { key: "evaluationTimeout", params: { seconds: -0.001 } },
    });
  });

  it("stores calculated numbers without floating-point noise", () => {
    const fields = form(
      { name: "altura_m", fieldType: "number" },
      { name: "altura_cm", fieldType: "calculation", config: { calculation: "${altura_m} * 100" } },
    );
    expect(validateRecord(fields, { altura_m: 9.2 }, NOW).answers).toEqual({ altura_m: 9.2, altura_cm: 920 });
    expect(evaluateForm(fields, { altura_m: 9.2 }, NOW).calculated).toEqual({ altura_cm: 920 });
  });
});

describe("analyzeForm", () => {
  const draft = (...specs: Spec[]): DraftLogicField[] => form(...specs).map(({ id: _id, ...field }) => field);

  it("places unknown fields, mismatches and syntax errors on the field and property", () => {
    const issues = analyzeForm(
      draft(
        { name: "nome", fieldType: "text", config: { relevant: "${idade} > 1", constraint: ". + 1 > 2" } },
        { name: "secao", fieldType: "section" },
        { name: "calc", fieldType: "calculation", config: { calculation: "${secao} + (" } },
        { name: "d", fieldType: "text", config: { defaultValue: "." } },
      ),
    );
    expect(issues.map(({ index, property, error }) => [index, property, error.key])).toEqual([
      [0, "relevant", "unknownField"],
      [0, "constraint", "typeMismatch"],
      [2, "calculation", "syntax"],
      [3, "defaultValue", "currentOutsideConstraint"],
    ]);
    expect(issues[0]?.error.params).toEqual({ field: "${idade}" });
  });

  it("reports calculation and relevance cycles with their path", () => {
    const issues = analyzeForm(
      draft(
        { name: "a", fieldType: "calculation", config: { calculation: "${b} + 1" } },
        { name: "b", fieldType: "calculation", config: { calculation: "${a} * 2" } },
        { name: "c", fieldType: "text", config: { relevant: "${c} = 'x'" } },
        { name: "d", fieldType: "calculation", config: { calculation: "${a}" } },
      ),
    );
    expect(issues.map(({ index, property, error }) => [index, property, error])).toEqual([
      [0, "calculation", { key: "cycle", params: { path: "a → b → a" } }],
      [1, "calculation", { key: "cycle", params: { path: "b → a → b" } }],
      [2, "relevant", { key: "cycle", params: { path: "c → c" } }],
    ]);
  });

  it("reads a repeat child from outside as a list and from inside as a value", () => {
    const fields = draft(
      { name: "r", fieldType: "repeat" },
      { name: "h", fieldType: "number", parentName: "r", config: { constraint: ". > ${h} - 1" } },
      { name: "t", fieldType: "calculation", config: { calculation: "sum(${h}) + ${h}" } },
    );
    expect(analyzeForm(fields).map((issue) => [issue.index, issue.error.key])).toEqual([[2, "typeMismatch"]]);
  });

  it("makes the designer schema refuse the form, on the property", () => {
    const result = designedFieldsSchema.safeParse([
      { fieldType: "text", label: "Nome", position: 0, config: { relevant: "${nada} = 1" } },
    ]);
    expect(result.success).toBe(false);
    expect(result.success ? [] : toFieldErrors(result.error)).toEqual([
      { key: "invalidExpression", path: "0.config.relevant", params: { reason: "unknownField", field: "${nada}" } },
    ]);
  });
});

describe("defaults", () => {
  const fields = form(
    { name: "dia", fieldType: "date", config: { defaultValue: "today()" } },
    { name: "n", fieldType: "number", config: { defaultValue: "2 + 3" } },
    { name: "cor", fieldType: "single_choice", config: { options: ["Azul"], defaultValue: "'Roxo'" } },
    { name: "r", fieldType: "repeat", config: { minCount: 2 } },
    { name: "m", fieldType: "number", parentName: "r", config: { defaultValue: "${n} * 2" } },
  );

  it("fills a new record and its minimum entries, skipping defaults that do not fit", () => {
    expect(initialAnswers(fields, NOW)).toEqual({ dia: "2026-05-01", n: 5, r: [{ m: 10 }, { m: 10 }] });
    expect(newRepeatEntry(fields, "r", { n: 1 }, NOW)).toEqual({ m: 2 });
  });
});

describe("fieldText and recordClock", () => {
  it("prefers the UI language's texts, text by text", () => {
    const field = {
      label: "Idade",
      config: { description: "Em anos", translations: { en: { label: "Age" } } },
    };
    expect(fieldText(field, "en")).toEqual({ label: "Age", description: "Em anos" });
    expect(fieldText(field, "es")).toEqual({ label: "Idade", description: "Em anos" });
  });

  it("reads the collector's offset from the record's timestamp", () => {
    expect(recordClock("2026-05-01T23:30:00-03:00").utcOffsetMinutes).toBe(-180);
    expect(recordClock("2026-05-01T23:30:00Z").utcOffsetMinutes).toBe(0);
    expect(recordClock("2026-05-01T23:30:00+05:30").utcOffsetMinutes).toBe(330);
  });
});

describe("choice filters (cascading selects)", () => {
  const cities = {
    options: ["Campinas", "Santos", "Niterói", "Petrópolis"],
    optionProperties: { Campinas: { uf: "SP" }, Santos: { uf: "SP" }, Niterói: { uf: "RJ" }, Petrópolis: { uf: "RJ" } },
  };
  const fields = form(
    { name: "estado", fieldType: "single_choice", config: { options: ["SP", "RJ"] } },
    { name: "cidade", fieldType: "single_choice", config: { ...cities, choiceFilter: "uf = ${estado}" } },
    { name: "visitadas", fieldType: "multiple_choice", config: { ...cities, choiceFilter: "UF = ${estado}" } },
    { name: "lotes", fieldType: "repeat" },
    { name: "estado_lote", fieldType: "single_choice", parentName: "lotes", config: { options: ["SP", "RJ"] } },
    {
      name: "cidade_lote",
      fieldType: "single_choice",
      parentName: "lotes",
      config: { ...cities, choiceFilter: "uf = ${estado_lote} and name != 'Santos'" },
    },
  );

  it("offers the options whose properties pass the filter, per entry in a repeat", () => {
    const evaluation = evaluateForm(
      fields,
      { estado: "RJ", lotes: [{ estado_lote: "SP" }, { estado_lote: "RJ" }] },
      NOW,
    );
    expect(evaluation.offeredOptions).toEqual({
      cidade: ["Niterói", "Petrópolis"],
      visitadas: ["Niterói", "Petrópolis"],
      "lotes.0.cidade_lote": ["Campinas"],
      "lotes.1.cidade_lote": ["Niterói", "Petrópolis"],
    });
    expect(evaluateForm(fields, {}, NOW).offeredOptions["cidade"]).toEqual([]);
  });

  it("refuses an answer the filter does not offer, and keeps one it does", () => {
    const refused = validateRecord(
      fields,
      {
        estado: "SP",
        cidade: "Niterói",
        visitadas: ["Santos", "Petrópolis"],
        lotes: [{ estado_lote: "SP", cidade_lote: "Santos" }],
      },
      NOW,
    );
    expect(refused.fieldErrors).toEqual({
      cidade: { key: "optionNotOffered" },
      visitadas: { key: "optionNotOffered" },
      "lotes.0.cidade_lote": { key: "optionNotOffered" },
    });
    const kept = validateRecord(fields, { estado: "SP", cidade: "Santos", visitadas: ["Campinas"] }, NOW);
    expect(kept).toMatchObject({ valid: true, answers: { estado: "SP", cidade: "Santos", visitadas: ["Campinas"] } });
  });

  it("places unknown fields and unknown option properties on the filter, and bare words elsewhere stay unknown", () => {
    const issues = analyzeForm(
      form(
        { name: "estado", fieldType: "single_choice", config: { options: ["SP"] } },
        { name: "cidade", fieldType: "single_choice", config: { ...cities, choiceFilter: "estado = ${provincia}" } },
        { name: "obs", fieldType: "text", config: { relevant: "uf = 'SP'" } },
      ),
    );
    expect(issues.map((issue) => [issue.fieldName, issue.property, issue.error])).toEqual([
      ["cidade", "choiceFilter", { key: "unknownOptionProperty", params: { name: "estado" } }],
      ["cidade", "choiceFilter", { key: "unknownField", params: { field: "${provincia}" } }],
      ["obs", "relevant", { key: "unknownName", params: { name: "uf" } }],
    ]);
  });

  it("keeps the properties of the field's own options only, and refuses reserved property names", () => {
    const [field] = form({
      name: "cidade",
      fieldType: "single_choice",
      config: { options: ["Santos"], optionProperties: { Santos: { uf: "SP", vazio: "" }, Lima: { uf: "PE" } } },
    });
    expect(field?.config).toMatchObject({ optionProperties: { Santos: { uf: "SP" } } });
    const reserved = designedFieldSchema.safeParse({
      fieldType: "single_choice",
      label: "Cidade",
      position: 0,
      config: { options: ["Santos"], optionProperties: { Santos: { label: "x" } } },
    });
    expect(reserved.success ? [] : toFieldErrors(reserved.error).map((error) => error.key)).toEqual([
      "invalidOptionProperty",
    ]);
  });
});
